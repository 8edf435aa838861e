import type { TSavedAddress } from '@fit24/contract';
import { i18n } from '../i18n/i18n.ts';
import { formatWait } from './countdown.ts';
import { formatDateTime } from './date-time.ts';

/**
 * When a saved address can be used, for people: "Usable from 26 Nov 2025, 14:05 (in 23 h 59 min)" while
 * it waits out the delay, what to do while it is unconfirmed, nothing once it is active.
 */
export function addressWhen(address: TSavedAddress, nowSeconds: number): string | null {
  if (address.status === 'UNCONFIRMED') return i18n.t('address.confirmByEmail');
  if (address.status === 'ACTIVE' || address.usable_date === null) return null;
  const left = address.usable_date - nowSeconds;
  const date = formatDateTime(address.usable_date);
  return left > 0
    ? i18n.t('address.usableIn', { date, wait: formatWait(left) })
    : i18n.t('address.refreshing', { date });
}
