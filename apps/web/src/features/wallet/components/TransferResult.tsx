import type { RouteData } from '@fit24/contract';
import { IonButton, IonIcon } from '@ionic/react';
import { checkmarkCircleOutline } from 'ionicons/icons';
import { formatDateTime } from '../../../lib/date-time.ts';
import { formatAmount } from '../../../lib/money.ts';
import { SummaryRows } from './SummaryRows.tsx';
import './funds-forms.css';

type Transfer = RouteData<'asset.transfer'>['transfer'];

/** A completed transfer: transfers between users of the exchange are instant. */
export function TransferResult({ transfer, onAgain }: { transfer: Transfer; onAgain: () => void }) {
  return (
    <section className="funds-result" data-testid="transfer-result">
      <span className="funds-result__icon">
        <IonIcon icon={checkmarkCircleOutline} aria-hidden="true" />
      </span>
      <h2>Transfer sent</h2>
      <p className="funds-result__amount funds-num" data-testid="transfer-result-amount">
        {formatAmount(transfer.amount)} {transfer.symbol}
      </p>
      <p className="funds-result__text">
        {transfer.to_email_id} has it now. Transfers between FIT24 users are instant and free.
      </p>
      <SummaryRows
        rows={[
          { label: 'To', value: transfer.to_email_id, testId: 'transfer-result-to' },
          ...(transfer.note ? [{ label: 'Note', value: transfer.note }] : []),
          { label: 'Reference', value: `#${transfer.id}` },
          { label: 'Sent', value: formatDateTime(transfer.creation_date) },
        ]}
      />
      <IonButton
        expand="block"
        routerLink={`/funds/asset-balance?asset_id=${transfer.asset_id}`}
        routerDirection="back"
        data-testid="transfer-result-asset"
      >
        Back to {transfer.symbol}
      </IonButton>
      <IonButton expand="block" fill="clear" onClick={onAgain} data-testid="transfer-again">
        New transfer
      </IonButton>
    </section>
  );
}
