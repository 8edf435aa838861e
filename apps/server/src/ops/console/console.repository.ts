import { PAGE_SIZE } from '@fit24/contract';
import { type Insertable, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { AssetsTable, MarketsTable } from '../../db/schema-funds.ts';
import { type Channel, notifySql } from '../../trading/cluster/lock.ts';

/** SQL of the operators' console: counts for the dashboard, users found, queues and lists. */

export async function dashboardCounts(db: Database, since: Date) {
  const { rows } = await sql<{
    users_total: string;
    users_today: string;
    withdrawals_pending: string;
    withdrawals_waiting: string;
    kyc_pending: string;
    pool: string;
  }>`select
      (select count(*) from users)::text as users_total,
      (select count(*) from users where created_at >= ${since})::text as users_today,
      (select count(*) from withdrawals where status = 'PENDING')::text as withdrawals_pending,
      (select count(*) from withdrawals where status = 'PROCESSING')::text as withdrawals_waiting,
      (select count(*) from kyc_submissions where status = 'PENDING')::text as kyc_pending,
      (select coalesce(sum(balance), 0) from ledger_accounts where system_name = 'rewards_pool')::text as pool`.execute(
    db,
  );
  return rows[0]!;
}

/** What was traded since `since`, in each quote asset's units. */
export function tradedSince(db: Database, since: Date) {
  return db
    .selectFrom('trades as t')
    .innerJoin('markets as m', 'm.market_id', 't.market_id')
    .select(['m.quote_asset_id', (eb) => eb.fn.sum<string>('t.quote').as('quote')])
    .where('t.created_at', '>=', since)
    .groupBy('m.quote_asset_id')
    .execute();
}

/** Fees the exchange earned since `since` (trading and withdrawals), per asset: the fee account's gain. */
export function feesSince(db: Database, since: Date) {
  return db
    .selectFrom('postings as p')
    .innerJoin('journal_entries as e', 'e.entry_id', 'p.entry_id')
    .innerJoin('ledger_accounts as a', 'a.account_id', 'p.account_id')
    .select(['p.asset_id', (eb) => eb.fn.sum<string>('p.amount').as('amount')])
    .where('a.system_name', '=', 'fees')
    .where('e.created_at', '>=', since)
    .groupBy('p.asset_id')
    .execute();
}

/** Users newest first; `q` finds an email, name or mobile by its start, or a user id. */
export async function users(db: Database, q: string | undefined, pageNumber: number) {
  let base = db.selectFrom('users');
  if (q) {
    const like = `${q.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`;
    base = base.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['email']), 'like', like),
        eb(eb.fn('lower', ['name']), 'like', like),
        eb('mobile', 'like', like),
        ...(/^[0-9]{1,18}$/.test(q) ? [eb('user_id', '=', BigInt(q))] : []),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('user_id', 'desc')
      .limit(PAGE_SIZE)
      .offset((pageNumber - 1) * PAGE_SIZE)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export function twoFactorUsers(db: Database, userIds: bigint[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users as u')
    .leftJoin('passkeys as p', 'p.user_id', 'u.user_id')
    .select('u.user_id')
    .distinct()
    .where('u.user_id', 'in', userIds)
    .where((eb) => eb.or([eb('u.totp_enabled_at', 'is not', null), eb('p.user_id', 'is not', null)]))
    .execute();
}

export function latestOrders(db: Database, userId: bigint) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('order_id', 'desc')
    .limit(20)
    .execute();
}

export function sessionsOf(db: Database, userId: bigint) {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('session_id', 'desc')
    .limit(20)
    .execute();
}

export function latestKyc(db: Database, userId: bigint) {
  return db
    .selectFrom('kyc_submissions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('kyc_id', 'desc')
    .executeTakeFirst();
}

/** KYC submissions with their user's email: pending first, then newest. */
export async function kycQueue(db: Database, status: string | undefined, pageNumber: number) {
  let base = db.selectFrom('kyc_submissions as k').innerJoin('users as u', 'u.user_id', 'k.user_id');
  if (status) base = base.where('k.status', '=', status as 'PENDING');
  const [rows, count] = await Promise.all([
    base
      .selectAll('k')
      .select('u.email')
      .orderBy(sql`k.status = 'PENDING'`, 'desc')
      .orderBy('k.kyc_id', 'desc')
      .limit(PAGE_SIZE)
      .offset((pageNumber - 1) * PAGE_SIZE)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export function filesByIds(db: Database, ids: bigint[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('files').selectAll().where('file_id', 'in', ids).execute();
}

/** A file that is one of a KYC submission's documents (no other upload is served to operators). */
export function kycFile(db: Database, fileId: bigint) {
  return db
    .selectFrom('files as f')
    .selectAll('f')
    .where('f.file_id', '=', fileId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('kyc_submissions as k')
          .select('k.kyc_id')
          .where((eb) =>
            eb.or([
              eb('k.id_front_file_id', '=', fileId),
              eb('k.id_back_file_id', '=', fileId),
              eb('k.selfie_file_id', '=', fileId),
            ]),
          ),
      ),
    )
    .executeTakeFirst();
}

export async function deposits(db: Database, status: string | undefined, pageNumber: number) {
  let base = db
    .selectFrom('deposits as d')
    .innerJoin('assets as a', 'a.asset_id', 'd.asset_id')
    .leftJoin('users as u', 'u.user_id', 'd.user_id')
    .leftJoin('chain_heights as h', 'h.network', 'd.network');
  if (status) base = base.where('d.status', '=', status as 'PENDING');
  const [rows, count] = await Promise.all([
    base
      .selectAll('d')
      .select(['a.symbol', 'a.decimals', 'a.confirmations as required', 'u.email', 'h.height'])
      .orderBy('d.deposit_id', 'desc')
      .limit(PAGE_SIZE)
      .offset((pageNumber - 1) * PAGE_SIZE)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export function upsertAsset(db: Database, row: Insertable<AssetsTable>) {
  const { symbol: _symbol, ...changes } = row;
  return db
    .insertInto('assets')
    .values(row)
    .onConflict((oc) => oc.column('symbol').doUpdateSet(changes))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function insertMarket(db: Database, row: Insertable<MarketsTable>) {
  return db.insertInto('markets').values(row).returning('market_id').executeTakeFirstOrThrow();
}

export function updateMarket(
  db: Database,
  marketId: number,
  changes: { min_amount?: bigint; min_total?: bigint; maker_fee?: string; taker_fee?: string },
) {
  return db.updateTable('markets').set(changes).where('market_id', '=', marketId).executeTakeFirst();
}

/** Tells every process sharing the database that a market was added or changed (at commit). */
export async function notifyMarket(db: Database, channel: Channel, marketId: number): Promise<void> {
  await sql`select ${notifySql(channel, String(marketId))}`.execute(db);
}
