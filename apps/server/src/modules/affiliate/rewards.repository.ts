import type { Database } from '../../db/database.ts';
import type { RewardRunsTable } from '../../db/schema-affiliate.ts';

/** Daily runs, weekly surges and the rewards pool's balance; SQL only. */

export async function surgeOf(db: Database, week: string): Promise<string | undefined> {
  const row = await db.selectFrom('surges').select('surge').where('week_start', '=', week).executeTakeFirst();
  return row?.surge;
}

export async function upsertSurge(db: Database, week: string, surge: string): Promise<void> {
  await db
    .insertInto('surges')
    .values({ week_start: week, surge })
    .onConflict((oc) => oc.column('week_start').doUpdateSet({ surge }))
    .execute();
}

/** The run of `day`, created as not paid when missing, locked until the transaction ends. */
export async function lockRun(trx: Database, day: string, now: Date) {
  await trx
    .insertInto('reward_runs')
    .values({ day, status: 'SKIPPED_POOL_SHORT', stakes: 0, total: 0n, created_at: now })
    .onConflict((oc) => oc.column('day').doNothing())
    .execute();
  return trx
    .selectFrom('reward_runs')
    .selectAll()
    .where('day', '=', day)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export async function setRun(
  trx: Database,
  day: string,
  run: { status: RewardRunsTable['status']; stakes: number; total: bigint; now: Date },
): Promise<void> {
  await trx
    .updateTable('reward_runs')
    .set({ status: run.status, stakes: run.stakes, total: run.total, created_at: run.now })
    .where('day', '=', day)
    .execute();
}

export async function lastPaidDay(db: Database): Promise<string | undefined> {
  const row = await db
    .selectFrom('reward_runs')
    .select('day')
    .where('status', '=', 'PAID')
    .orderBy('day', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.day;
}

/** The rewards pool's balance, locked for the transaction when `lock`. */
export async function poolBalance(db: Database, fitAssetId: number, lock = false): Promise<bigint> {
  let query = db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('system_name', '=', 'rewards_pool')
    .where('asset_id', '=', fitAssetId);
  if (lock) query = query.forUpdate();
  return (await query.executeTakeFirst())?.balance ?? 0n;
}
