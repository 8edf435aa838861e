import { fromBaseUnits, PAGE_SIZE, type TAssetTransaction } from '@fit24/contract';
import { toEpochSeconds } from '../../clock.ts';
import type { EvmConfig } from '../../config-evm.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import type { AssetRow } from '../../db/schema-funds.ts';
import { notFound } from '../../http/app-error.ts';
import type { HistoryLine, HistoryRow } from './history.repository.ts';
import * as historyRepo from './history.repository.ts';

export type { HistoryLine } from './history.repository.ts';

export async function record(db: Database, lines: HistoryLine[]): Promise<void> {
  if (lines.length > 0) await insertLines(lines).execute(db);
}

/** The insert of history lines, as one statement (or a CTE of the market worker's batch). */
export const insertLines = historyRepo.insertLines;
/** Keeps the history line of a withdrawal or deposit in step with its status. */
export const updateStatus = historyRepo.updateStatus;

/** Confirmations count for deposits and withdrawals, which travel on a chain. */
const ON_CHAIN = new Set<TAssetTransaction['type']>(['DEPOSIT', 'WITHDRAWAL']);

/**
 * A history line as the API shows it: with its network, its confirmations and what completes it (a
 * deposit: the asset's confirmations; a withdrawal: final at the chain's confirmations on a real chain, in
 * its block on a devnet), and a link to the block explorer when the exchange has one.
 */
export function toAssetTransaction(ctx: AppContext, row: HistoryRow): TAssetTransaction {
  const decimals = row.asset_decimals;
  const type = row.type as TAssetTransaction['type'];
  const onChain = ON_CHAIN.has(type);
  const evm = ctx.config.evm && ctx.chains.get(row.network)?.kind === 'evm' ? ctx.config.evm : null;
  const confirmations =
    row.block === null || row.tip === null ? 0 : Math.max(0, Number(row.tip - row.block + 1n));
  return {
    id: Number(row.tx_id),
    asset_id: row.asset_id,
    type,
    amount: fromBaseUnits(row.amount, decimals),
    fee: fromBaseUnits(row.fee, decimals),
    status: row.status as TAssetTransaction['status'],
    address: row.address,
    txid: row.txid,
    note: row.note,
    network: onChain ? row.network : null,
    confirmations: onChain ? confirmations : null,
    required_confirmations: onChain ? requiredConfirmations(type, row, evm) : null,
    explorer_url: onChain && evm?.explorerUrl && row.txid ? `${evm.explorerUrl}/tx/${row.txid}` : null,
    creation_date: toEpochSeconds(row.created_at),
  };
}

function requiredConfirmations(
  type: TAssetTransaction['type'],
  row: HistoryRow,
  evm: EvmConfig | null,
): number {
  if (type === 'DEPOSIT') return row.asset_confirmations;
  return evm ? evm.confirmations : 1;
}

export async function page(ctx: AppContext, userId: bigint, asset: AssetRow, pageNumber: number) {
  const { rows, total } = await historyRepo.page(ctx.db, userId, asset.asset_id, pageNumber);
  return {
    transactions: rows.map((row) => toAssetTransaction(ctx, row)),
    page: pageNumber,
    page_size: PAGE_SIZE,
    total,
  };
}

/** The user's lines moving on chain now, and those that reached their end since `since`. */
export async function onChain(ctx: AppContext, userIds: bigint[], since: Date) {
  return (await historyRepo.onChain(ctx.db, userIds, since)).map((row) => ({
    userId: row.user_id,
    transaction: toAssetTransaction(ctx, row),
  }));
}

/** A user's latest lines in every asset, each with its asset's symbol. */
export async function latest(ctx: AppContext, userId: bigint, limit = 30) {
  return (await historyRepo.latestOf(ctx.db, userId, limit)).map((row) => ({
    ...toAssetTransaction(ctx, row),
    symbol: row.asset_symbol,
  }));
}

/** One line of the user's history; 404 when there is none of theirs with this id. */
export async function one(ctx: AppContext, userId: bigint, txId: number): Promise<TAssetTransaction> {
  const row = await historyRepo.findOne(ctx.db, userId, BigInt(txId));
  if (!row) throw notFound('There is no transaction with this id.');
  return toAssetTransaction(ctx, row);
}
