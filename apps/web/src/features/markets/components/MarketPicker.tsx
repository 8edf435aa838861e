import type { TMarket } from '@fit24/contract';
import { IonChip, IonLabel } from '@ionic/react';
import { useTranslation } from 'react-i18next';

/** A row of chips, one a market, the chosen one highlighted. */
export function MarketPicker({
  markets,
  value,
  onChange,
  testPrefix,
}: {
  markets: readonly TMarket[];
  value: number | null;
  onChange: (marketId: number) => void;
  testPrefix: string;
}) {
  const { t } = useTranslation('markets');
  return (
    <div className="mkt-picker" role="radiogroup" aria-label={t('picker.label')}>
      {markets.map((m) => (
        <IonChip
          key={m.market_id}
          color={m.market_id === value ? 'primary' : 'medium'}
          outline={m.market_id !== value}
          onClick={() => onChange(m.market_id)}
          role="radio"
          aria-checked={m.market_id === value ? 'true' : 'false'}
          data-testid={`${testPrefix}-${m.base}`}
        >
          <IonLabel>
            {m.base}/{m.quote}
          </IonLabel>
        </IonChip>
      ))}
    </div>
  );
}
