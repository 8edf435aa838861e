import { IonIcon } from '@ionic/react';
import { cloudOfflineOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import './funds-forms.css';

/**
 * Deposits or withdrawals of an asset that cannot work on this exchange at all (its network has no node
 * connected): the server's reason, instead of an address or a form that could never go through.
 */
export function UnavailableNotice({
  symbol,
  what,
  reason,
  testId,
}: {
  symbol: string;
  what: 'deposits' | 'withdrawals';
  reason: string;
  testId: string;
}) {
  const { t } = useTranslation('wallet');
  return (
    <div className="fit24-notice fit24-notice--warning funds-pause" role="alert" data-testid={testId}>
      <IonIcon icon={cloudOfflineOutline} aria-hidden="true" />
      <div>
        <strong data-testid={`${testId}-title`}>{t(`unavailable.${what}`, { symbol })}</strong>
        <p data-testid={`${testId}-reason`}>{reason}</p>
      </div>
    </div>
  );
}
