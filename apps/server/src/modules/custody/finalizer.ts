import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import type { EvmTransactionRow } from '../../db/schema-funds.ts';
import { chainHeight } from '../chain/chain.ts';
import type { EvmChain } from '../chain/evm/evm-chain.ts';
import { assetById } from '../funds/assets.service.ts';
import { markCompleted, markFailed } from '../funds/withdrawal-steps.ts';
import * as withdrawalsRepo from '../funds/withdrawals.repository.ts';
import * as ledger from '../ledger/ledger.service.ts';
import { type ChainAssets, chainAssets, scaleOf } from './assets.ts';
import * as repo from './custody.repository.ts';

/**
 * The exchange's transactions become final at the chain's confirmations (EVM_CONFIRMATIONS deep), each in
 * one database transaction: CONFIRMED or REVERTED, the other attempts of its nonce REPLACED, the gas it
 * burnt booked (from the chain-fees expense account to the chain, in ether, rounded up to a ledger unit),
 * and what it was for: a withdrawal COMPLETED, or FAILED with its funds returned; a reverted sweep's
 * deposits wait for the next sweep.
 */
export async function finalize(ctx: AppContext, chain: EvmChain): Promise<number> {
  const height = await chainHeight(ctx.db, chain.network);
  const deepEnough = height - BigInt(chain.config.confirmations) + 1n;
  const rows = await repo.finalAt(ctx.db, chain.network, deepEnough);
  if (rows.length === 0) return 0;
  const assets = await chainAssets(ctx.db, chain);
  let done = 0;
  for (const row of rows) {
    const now = ctx.clock.now();
    const final = await ctx.db.transaction().execute(async (trx) => {
      const fee = gasUnits(assets, row);
      const tx = await repo.finalizeTx(trx, row.tx_id, deepEnough, fee, now);
      if (!tx) return false;
      await repo.markReplaced(trx, tx, now);
      if (fee > 0n) {
        await ledger.post(trx, {
          kind: 'CHAIN_FEE',
          refType: 'evm_tx',
          refId: tx.tx_id,
          now,
          legs: [
            {
              from: { system: 'chain_fees' },
              to: { system: 'chain' },
              assetId: assets.native.asset_id,
              amount: fee,
            },
          ],
        });
      }
      await settle(trx, tx, now);
      return true;
    });
    if (final) done++;
  }
  return done;
}

/** The gas a mined transaction burnt, in ledger units of the native coin, rounded up. */
function gasUnits(assets: ChainAssets, row: EvmTransactionRow): bigint {
  const wei = BigInt(row.gas_used ?? 0) * BigInt(row.effective_gas_price ?? 0);
  const scale = scaleOf(assets.native);
  return (wei + scale - 1n) / scale;
}

async function settle(trx: Database, tx: EvmTransactionRow, now: Date): Promise<void> {
  if (tx.purpose === 'sweep' && tx.status === 'REVERTED') await repo.unmarkSwept(trx, tx.tx_id);
  if (tx.purpose !== 'withdrawal' || tx.withdrawal_id === null) return;
  const w = await withdrawalsRepo.lockById(trx, tx.withdrawal_id);
  if (w?.status !== 'BROADCAST') return;
  const asset = await assetById(trx, w.asset_id);
  if (tx.status === 'CONFIRMED') await markCompleted(trx, w, asset, tx.tx_hash!, now);
  else
    await markFailed(
      trx,
      w,
      asset,
      'BROADCAST',
      {
        txid: tx.tx_hash,
        reason: 'The transaction reverted on the network; the amount and fee were returned.',
      },
      now,
    );
}
