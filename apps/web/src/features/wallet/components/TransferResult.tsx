import type { RouteData } from '@fit24/contract';
import { IonButton, IonIcon } from '@ionic/react';
import { checkmarkCircleOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/date-time.ts';
import { formatAmount } from '../../../lib/money.ts';
import { SummaryRows } from './SummaryRows.tsx';
import './funds-forms.css';

type Transfer = RouteData<'asset.transfer'>['transfer'];

/** A completed transfer: transfers between users of the exchange are instant. */
export function TransferResult({ transfer, onAgain }: { transfer: Transfer; onAgain: () => void }) {
  const { t } = useTranslation('wallet');
  return (
    <section className="funds-result" data-testid="transfer-result">
      <span className="funds-result__icon">
        <IonIcon icon={checkmarkCircleOutline} aria-hidden="true" />
      </span>
      <h2>{t('transferResult.title')}</h2>
      <p className="funds-result__amount funds-num" data-testid="transfer-result-amount">
        {formatAmount(transfer.amount)} {transfer.symbol}
      </p>
      <p className="funds-result__text">{t('transferResult.text', { email: transfer.to_email_id })}</p>
      <SummaryRows
        rows={[
          { label: t('transferResult.to'), value: transfer.to_email_id, testId: 'transfer-result-to' },
          ...(transfer.note ? [{ label: t('transferResult.note'), value: transfer.note }] : []),
          { label: t('transferResult.reference'), value: `#${transfer.id}` },
          { label: t('transferResult.sent'), value: formatDateTime(transfer.creation_date) },
        ]}
      />
      <IonButton
        expand="block"
        routerLink={`/funds/asset-balance?asset_id=${transfer.asset_id}`}
        routerDirection="back"
        data-testid="transfer-result-asset"
      >
        {t('transferResult.back', { symbol: transfer.symbol })}
      </IonButton>
      <IonButton expand="block" fill="clear" onClick={onAgain} data-testid="transfer-again">
        {t('transferResult.again')}
      </IonButton>
    </section>
  );
}
