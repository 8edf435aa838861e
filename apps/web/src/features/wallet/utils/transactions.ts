import type { TAssetTransaction } from '@fit24/contract';
import type { TFunction } from 'i18next';
import {
  arrowDownOutline,
  arrowUpOutline,
  giftOutline,
  lockClosedOutline,
  swapHorizontalOutline,
  trendingUpOutline,
} from 'ionicons/icons';
import type { Resources } from '../../../i18n/resources.ts';

type TxType = TAssetTransaction['type'];
type TxStatus = TAssetTransaction['status'];

/** Which way money moved for the account: in (credited, green) or out (debited, red). */
export type Direction = 'in' | 'out';

type TypeKey = keyof Resources['wallet']['transactions']['types'];

const typeViews: Record<TxType, { key: TypeKey; icon: string; direction: Direction | null }> = {
  DEPOSIT: { key: 'deposit', icon: arrowDownOutline, direction: 'in' },
  WITHDRAWAL: { key: 'withdrawal', icon: arrowUpOutline, direction: 'out' },
  TRANSFER_IN: { key: 'transferIn', icon: swapHorizontalOutline, direction: 'in' },
  TRANSFER_OUT: { key: 'transferOut', icon: swapHorizontalOutline, direction: 'out' },
  LOCK_GRANT: { key: 'lockGrant', icon: lockClosedOutline, direction: 'in' },
  // A trade line can go either way: its own sign says which.
  TRADE: { key: 'trade', icon: trendingUpOutline, direction: null },
  STAKE: { key: 'stake', icon: lockClosedOutline, direction: 'out' },
  CLAIM: { key: 'claim', icon: giftOutline, direction: 'in' },
};

/** A history line's type in words, and its icon; a type this app does not know yet keeps its own name. */
export function transactionView(t: TFunction<'wallet'>, type: TxType): { label: string; icon: string } {
  const view = typeViews[type];
  if (!view) return { label: type, icon: swapHorizontalOutline };
  return { label: t(`transactions.types.${view.key}`), icon: view.icon };
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

type StatusKey = keyof Resources['wallet']['transactions']['statuses'];

const statusViews: Record<TxStatus, { key: StatusKey; tone: Tone }> = {
  PENDING: { key: 'pending', tone: 'warning' },
  PROCESSING: { key: 'processing', tone: 'warning' },
  BROADCAST: { key: 'broadcast', tone: 'secondary' },
  COMPLETED: { key: 'completed', tone: 'success' },
  REJECTED: { key: 'rejected', tone: 'danger' },
  CANCELLED: { key: 'cancelled', tone: 'danger' },
  FAILED: { key: 'failed', tone: 'danger' },
};

/** A status in words and its chip colour; a status this app does not know yet keeps its own name. */
export function statusView(t: TFunction<'wallet'>, status: TxStatus): { label: string; tone: Tone } {
  const view = statusViews[status];
  if (!view) return { label: status, tone: 'medium' };
  return { label: t(`transactions.statuses.${view.key}`), tone: view.tone };
}

/** A transaction hash or an address cut to its ends: "3f9a2c…81d0e4". */
export function shortenHash(hash: string, keep = 6): string {
  return hash.length <= keep * 2 + 1 ? hash : `${hash.slice(0, keep)}…${hash.slice(-keep)}`;
}

/** The page of one line of the history. */
export function transactionHref(id: number): string {
  return `/funds/transaction?id=${id}`;
}
