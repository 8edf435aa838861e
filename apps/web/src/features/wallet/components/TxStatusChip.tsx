import type { TAssetTransaction } from '@fit24/contract';
import { useTranslation } from 'react-i18next';
import '../../../components/ui/status.css';
import { statusView } from '../utils/transactions.ts';
import './transactions.css';

/** A transaction's status as a coloured chip: Pending amber, Broadcast blue, Completed green, … red. */
export function TxStatusChip({ status, testId }: { status: TAssetTransaction['status']; testId?: string }) {
  const { t } = useTranslation('wallet');
  const view = statusView(t, status);
  return (
    <span
      className={`fit24-chip fit24-chip--compact fit24-chip--${view.tone}`}
      data-status={status}
      data-testid={testId}
    >
      {view.label}
    </span>
  );
}
