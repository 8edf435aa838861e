import type { TSavedAddress } from '@fit24/contract';
import { formatWait } from './countdown.ts';
import { formatDateTime } from './date-time.ts';

/**
 * When a saved address can be used, for people: "Usable from 26 Nov 2025, 14:05 (in 23 h 59 min)" while
 * it waits out the delay, what to do while it is unconfirmed, nothing once it is active.
 */
export function addressWhen(address: TSavedAddress, nowSeconds: number): string | null {
  if (address.status === 'UNCONFIRMED') return 'Enter the 6-digit code we emailed you to confirm it.';
  if (address.status === 'ACTIVE' || address.usable_date === null) return null;
  const left = address.usable_date - nowSeconds;
  const from = `Usable from ${formatDateTime(address.usable_date)}`;
  return left > 0 ? `${from} (in ${formatWait(left)})` : `${from}: refreshing…`;
}
