import type { TAffiliateTransaction } from '@fit24/contract';

/** A surge multiplier with one decimal (spec §9): 1.5 → "1.5", 2 → "2.0"; not a number → "1.0". */
export function formatSurge(surge: number): string {
  if (!Number.isFinite(surge)) return '1.0';
  // The server keeps one decimal; rounding through tenths avoids 1.25 → "1.2" float surprises.
  return (Math.round(surge * 10) / 10).toFixed(1);
}

/** The dashboard's badge from last week's surge (spec §2): "Surge 1.5 X". */
export function surgeBadge(surge: number): string {
  return `Surge ${formatSurge(surge)} X`;
}

export type TxDirection = 'in' | 'out';

/** REWARD comes into the wallet; STAKE and WITHDRAWAL go out of it (spec §2: one icon each way). */
export function txDirection(type: TAffiliateTransaction['tx_type']): TxDirection {
  return type === 'REWARD' ? 'in' : 'out';
}

/** A stake's yield as shown: "0.3" → "0.3%". */
export function yieldLabel(percent: string): string {
  return `${percent}%`;
}

/** A stake source as people say it. */
export const sourceLabel = {
  AVAILABLE: 'Available balance',
  LOCKED: 'Locked balance',
  WALLET: 'Affiliate wallet',
} as const;
