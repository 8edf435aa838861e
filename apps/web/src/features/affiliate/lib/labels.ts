import type { TAffiliateTransaction } from '@fit24/contract';
import type { TFunction } from 'i18next';
import { formatAmount } from '../../../lib/money.ts';

/** A surge multiplier with one decimal (spec §9): 1.5 → "1.5", 2 → "2.0"; not a number → "1.0". */
export function formatSurge(surge: number): string {
  if (!Number.isFinite(surge)) return '1.0';
  // The server keeps one decimal; rounding through tenths avoids 1.25 → "1.2" float surprises.
  return (Math.round(surge * 10) / 10).toFixed(1);
}

/** The dashboard's badge from last week's surge (spec §2): "Surge 1.5 X". */
export function surgeBadge(surge: number, t: TFunction<'affiliate'>): string {
  return t('tiles.surgeBadge', { surge: formatAmount(formatSurge(surge), 1) });
}

export type TxDirection = 'in' | 'out';

/** REWARD comes into the wallet; STAKE and WITHDRAWAL go out of it (spec §2: one icon each way). */
export function txDirection(type: TAffiliateTransaction['tx_type']): TxDirection {
  return type === 'REWARD' ? 'in' : 'out';
}

/**
 * A percent the server wrote ("0.30", "12.5") in the language's marks, with the decimals it was given:
 * "0.30" stays "0.30" ("0,30" in Spanish).
 */
export function formatPercent(percent: string): string {
  const decimals = /\.(\d+)$/.exec(percent.trim())?.[1]?.length ?? 0;
  return formatAmount(percent, decimals);
}

/** A stake's yield as shown: "0.3" → "0.3%". */
export function yieldLabel(percent: string): string {
  return `${formatPercent(percent)}%`;
}
