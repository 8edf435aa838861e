import type { TSavedAddress } from '@fit24/contract';
import { checkmarkCircle, hourglassOutline, mailUnreadOutline } from 'ionicons/icons';
import { Pill } from './StatusChips.tsx';

type Status = TSavedAddress['status'];

/** The words and colour of a saved address's status. */
export const addressStatusView: Record<
  Status,
  { label: string; tone: 'success' | 'warning' | 'medium'; icon: string }
> = {
  UNCONFIRMED: { label: 'Needs email code', tone: 'medium', icon: mailUnreadOutline },
  PENDING: { label: 'Pending', tone: 'warning', icon: hourglassOutline },
  ACTIVE: { label: 'Active', tone: 'success', icon: checkmarkCircle },
};

export function AddressStatusChip({ status, testId }: { status: Status; testId?: string }) {
  const view = addressStatusView[status];
  return (
    <Pill tone={view.tone} icon={view.icon} testId={testId}>
      {view.label}
    </Pill>
  );
}
