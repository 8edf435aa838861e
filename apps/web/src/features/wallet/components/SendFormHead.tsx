import { IonIcon } from '@ionic/react';
import { alertCircleOutline } from 'ionicons/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AssetSwitch } from './AssetChooser.tsx';
import './funds.css';

/**
 * The top of a withdrawal or transfer form: the asset (tap to switch), what is available, notices about
 * the asset (`children`), and the last refusal that belongs to no field.
 */
export function SendFormHead({
  symbol,
  name,
  available,
  onChoose,
  formError,
  testPrefix,
  children,
}: {
  symbol: string;
  name: string;
  /** Already formatted with its symbol. */
  available: string;
  onChoose: (assetId: number) => void;
  formError: string | null;
  /** Prefix of the test ids: `<prefix>-asset`, `<prefix>-available`, `<prefix>-form-error`. */
  testPrefix: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('wallet');
  return (
    <>
      <AssetSwitch
        symbol={symbol}
        name={name}
        testId={`${testPrefix}-asset`}
        onChoose={(b) => onChoose(b.asset_id)}
      />
      <div className="funds-available">
        <span>{t('available')}</span>
        <strong className="funds-num" data-testid={`${testPrefix}-available`}>
          {available}
        </strong>
      </div>
      {children}
      {formError && (
        <div
          className="fit24-notice fit24-notice--danger"
          role="alert"
          data-testid={`${testPrefix}-form-error`}
        >
          <IonIcon icon={alertCircleOutline} aria-hidden="true" />
          {formError}
        </div>
      )}
    </>
  );
}
