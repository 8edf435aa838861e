import type { Database } from '../db/database.ts';
import { assetBySymbol, parseAmount } from '../modules/funds/assets.service.ts';
import * as ledger from '../modules/ledger/ledger.service.ts';

/**
 * Credits made-up balances (demo users, market makers, benchmark traders) from the `demo` system account —
 * not the chain's: no coin on any chain stands behind them, and custody's reconciliation must not expect
 * one. One journal entry, a leg per asset; a symbol the exchange does not list is skipped.
 */
export async function grantBalances(
  trx: Database,
  userId: bigint,
  balances: ReadonlyArray<readonly [symbol: string, amount: string]>,
  memo: string,
  now: Date,
): Promise<void> {
  const legs: ledger.Leg[] = [];
  for (const [symbol, amount] of balances) {
    const asset = await assetBySymbol(trx, symbol).catch(() => null);
    if (!asset) continue;
    legs.push({
      from: { system: 'demo' },
      to: { userId, kind: 'available' },
      assetId: asset.asset_id,
      amount: parseAmount(asset, amount),
    });
  }
  if (legs.length > 0) await ledger.post(trx, { kind: 'DEMO_GRANT', memo, now, legs });
}
