import { IonIcon } from '@ionic/react';
import { checkmarkCircle, ellipseOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { Bone } from '../../../components/ui/Bone.tsx';
import type { StakeSource } from '../api/stake.ts';
import { FIT24, formatFixed2 } from '../lib/fit-amount.ts';

export interface SourceOption {
  source: StakeSource;
  label: string;
  hint: string;
  icon: string;
  /** Undefined while loading. */
  balance: string | undefined;
}

/** The three FIT24 balances a stake can come from, each with its balance; one is chosen. */
export function StakeSourcePicker({
  options,
  value,
  onChange,
}: {
  options: SourceOption[];
  value: StakeSource;
  onChange: (source: StakeSource) => void;
}) {
  const { t } = useTranslation('affiliate');
  return (
    <fieldset className="aff-sources">
      <legend className="aff-sources__legend">{t('stake.from')}</legend>
      {options.map((option) => {
        const selected = option.source === value;
        return (
          <button
            key={option.source}
            type="button"
            aria-pressed={selected}
            className={`aff-source${selected ? ' aff-source--selected' : ''}`}
            data-testid={`stake-source-${option.source.toLowerCase()}`}
            onClick={() => onChange(option.source)}
          >
            <span className="aff-source__icon" aria-hidden="true">
              <IonIcon icon={option.icon} />
            </span>
            <span className="aff-source__text">
              <strong>{option.label}</strong>
              <span>{option.hint}</span>
            </span>
            <span className="aff-source__balance aff-num">
              {option.balance === undefined ? (
                <Bone style={{ width: '64px' }} />
              ) : (
                <span data-testid={`stake-balance-${option.source.toLowerCase()}`}>
                  {formatFixed2(option.balance)}
                </span>
              )}
              <small>{FIT24}</small>
            </span>
            <IonIcon
              icon={selected ? checkmarkCircle : ellipseOutline}
              className="aff-source__check"
              aria-hidden="true"
            />
          </button>
        );
      })}
    </fieldset>
  );
}
