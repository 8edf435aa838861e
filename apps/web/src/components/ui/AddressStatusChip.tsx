import type { TSavedAddress } from '@fit24/contract';
import { checkmarkCircle, hourglassOutline, mailUnreadOutline } from 'ionicons/icons';
import { i18n } from '../../i18n/i18n.ts';
import { Pill } from './StatusChips.tsx';

type Status = TSavedAddress['status'];

/** The words (in the language on screen) and colour of a saved address's status. */
export const addressStatusView: Record<
  Status,
  { label: string; tone: 'success' | 'warning' | 'medium'; icon: string }
> = {
  UNCONFIRMED: {
    get label() {
      return i18n.t('status.address.UNCONFIRMED');
    },
    tone: 'medium',
    icon: mailUnreadOutline,
  },
  PENDING: {
    get label() {
      return i18n.t('status.address.PENDING');
    },
    tone: 'warning',
    icon: hourglassOutline,
  },
  ACTIVE: {
    get label() {
      return i18n.t('status.address.ACTIVE');
    },
    tone: 'success',
    icon: checkmarkCircle,
  },
};

export function AddressStatusChip({ status, testId }: { status: Status; testId?: string }) {
  const view = addressStatusView[status];
  return (
    <Pill tone={view.tone} icon={view.icon} testId={testId}>
      {view.label}
    </Pill>
  );
}
