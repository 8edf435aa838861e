import { fromBaseUnits, PAGE_SIZE, type TAssetTransaction } from '@fit24/contract';
import { toEpochSeconds } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import type { AssetRow } from '../../db/schema-funds.ts';
import type { HistoryLine } from './history.repository.ts';
import * as historyRepo from './history.repository.ts';

export type { HistoryLine } from './history.repository.ts';

export async function record(db: Database, lines: HistoryLine[]): Promise<void> {
  if (lines.length > 0) await insertLines(lines).execute(db);
}

/** The insert of history lines, as one statement (or a CTE of the market worker's batch). */
export const insertLines = historyRepo.insertLines;
/** Keeps the history line of a withdrawal or deposit in step with its status. */
export const updateStatus = historyRepo.updateStatus;

export async function page(db: Database, userId: bigint, asset: AssetRow, pageNumber: number) {
  const { rows, total } = await historyRepo.page(db, userId, asset.asset_id, pageNumber);
  const money = (units: bigint) => fromBaseUnits(units, asset.decimals);
  return {
    transactions: rows.map(
      (row): TAssetTransaction => ({
        id: Number(row.tx_id),
        type: row.type as TAssetTransaction['type'],
        amount: money(row.amount),
        fee: money(row.fee),
        status: row.status as TAssetTransaction['status'],
        address: row.address,
        txid: row.txid,
        note: row.note,
        confirmations: null,
        creation_date: toEpochSeconds(row.created_at),
      }),
    ),
    page: pageNumber,
    page_size: PAGE_SIZE,
    total,
  };
}
