import type { TAssetTransaction } from '@fit24/contract';
import {
  arrowDownOutline,
  arrowUpOutline,
  giftOutline,
  lockClosedOutline,
  swapHorizontalOutline,
  trendingUpOutline,
} from 'ionicons/icons';

type TxType = TAssetTransaction['type'];
type TxStatus = TAssetTransaction['status'];

/** Which way money moved for the account: in (credited, green) or out (debited, red). */
export type Direction = 'in' | 'out';

const typeViews: Record<TxType, { label: string; icon: string; direction: Direction | null }> = {
  DEPOSIT: { label: 'Deposit', icon: arrowDownOutline, direction: 'in' },
  WITHDRAWAL: { label: 'Withdrawal', icon: arrowUpOutline, direction: 'out' },
  TRANSFER_IN: { label: 'Transfer in', icon: swapHorizontalOutline, direction: 'in' },
  TRANSFER_OUT: { label: 'Transfer out', icon: swapHorizontalOutline, direction: 'out' },
  LOCK_GRANT: { label: 'Lock-up grant', icon: lockClosedOutline, direction: 'in' },
  // A trade line can go either way: its own sign says which.
  TRADE: { label: 'Trade', icon: trendingUpOutline, direction: null },
  STAKE: { label: 'Stake', icon: lockClosedOutline, direction: 'out' },
  CLAIM: { label: 'Reward claim', icon: giftOutline, direction: 'in' },
};

export function transactionView(type: TxType): { label: string; icon: string } {
  const view = typeViews[type] ?? { label: type, icon: swapHorizontalOutline };
  return { label: view.label, icon: view.icon };
}

/** The direction of a history line: by its type, or by the amount's sign when the type can go both ways. */
export function transactionDirection(type: TxType, amount: string): Direction {
  const fixed = typeViews[type]?.direction;
  if (fixed) return fixed;
  return amount.trim().startsWith('-') ? 'out' : 'in';
}

/** The amount as shown in a history list: "+0.5" for money in, "−0.5" for money out. */
export function signedAmount(type: TxType, amount: string): { text: string; direction: Direction } {
  const direction = transactionDirection(type, amount);
  const magnitude = amount.trim().replace(/^[-+]/, '');
  return { text: `${direction === 'in' ? '+' : '−'}${magnitude}`, direction };
}

/** Chip colours of the theme (status.css tones; `secondary` is the blue one). */
export type Tone = 'warning' | 'secondary' | 'success' | 'danger' | 'medium';

const statusViews: Record<TxStatus, { label: string; tone: Tone }> = {
  PENDING: { label: 'Pending', tone: 'warning' },
  PROCESSING: { label: 'Processing', tone: 'warning' },
  BROADCAST: { label: 'Broadcast', tone: 'secondary' },
  COMPLETED: { label: 'Completed', tone: 'success' },
  REJECTED: { label: 'Rejected', tone: 'danger' },
  CANCELLED: { label: 'Cancelled', tone: 'danger' },
  FAILED: { label: 'Failed', tone: 'danger' },
};

export function statusView(status: TxStatus): { label: string; tone: Tone } {
  return statusViews[status] ?? { label: status, tone: 'medium' };
}

/** A transaction hash or an address cut to its ends: "3f9a2c…81d0e4". */
export function shortenHash(hash: string, keep = 6): string {
  return hash.length <= keep * 2 + 1 ? hash : `${hash.slice(0, keep)}…${hash.slice(-keep)}`;
}

/** The page of one line of the history. */
export function transactionHref(id: number): string {
  return `/funds/transaction?id=${id}`;
}
