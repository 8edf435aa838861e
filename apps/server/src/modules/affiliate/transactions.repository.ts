import type { Database } from '../../db/database.ts';
import type { AffiliateTransactionsTable, AffiliateTxSource } from '../../db/schema-affiliate.ts';
import { insertRows } from '../../db/unnest.ts';

/** The affiliate wallet's own history (`affiliate_transactions`); SQL only. */

export interface AffiliateTransaction {
  affiliateId: bigint;
  type: AffiliateTransactionsTable['tx_type'];
  source: AffiliateTxSource;
  amount: bigint;
  note: string;
  rewardDay: string | null;
  now: Date;
}

/** Any number of rows in one statement of seven parameters (one array per column). */
export async function insertMany(db: Database, rows: readonly AffiliateTransaction[]): Promise<void> {
  if (rows.length === 0) return;
  await insertRows('affiliate_transactions', rows, {
    affiliate_id: ['bigint', (r) => r.affiliateId],
    tx_type: ['text', (r) => r.type],
    source: ['text', (r) => r.source],
    amount: ['bigint', (r) => r.amount],
    note: ['text', (r) => r.note],
    reward_day: ['date', (r) => r.rewardDay],
    created_at: ['timestamptz', (r) => r.now],
  }).execute(db);
}

export const insertOne = (db: Database, row: AffiliateTransaction) => insertMany(db, [row]);

export async function totalClaimed(db: Database, affiliateId: bigint): Promise<bigint> {
  const row = await db
    .selectFrom('affiliate_transactions')
    .select((eb) => eb.fn.sum<string | null>('amount').as('total'))
    .where('affiliate_id', '=', affiliateId)
    .where('tx_type', '=', 'WITHDRAWAL')
    .executeTakeFirst();
  return BigInt(row?.total ?? '0');
}

/** Rewards of an affiliate: in all, since `todayStart`, since `weekBegin`, and by source. */
export async function incomeSums(db: Database, affiliateId: bigint, todayStart: Date, weekBegin: Date) {
  return db
    .selectFrom('affiliate_transactions')
    .select((eb) => [
      eb.fn.sum<string | null>('amount').as('total'),
      eb.fn.sum<string | null>('amount').filterWhere('created_at', '>=', todayStart).as('today'),
      eb.fn.sum<string | null>('amount').filterWhere('created_at', '>=', weekBegin).as('week'),
      eb.fn.sum<string | null>('amount').filterWhere('source', '=', 'STAKING').as('staking'),
      eb.fn.sum<string | null>('amount').filterWhere('source', '=', 'LEVEL').as('level'),
      eb.fn.sum<string | null>('amount').filterWhere('source', '=', 'RANK').as('rank'),
      eb.fn.sum<string | null>('amount').filterWhere('source', '=', 'OFFER').as('offer'),
    ])
    .where('affiliate_id', '=', affiliateId)
    .where('tx_type', '=', 'REWARD')
    .executeTakeFirstOrThrow();
}

/** The latest `limit` rows of an affiliate, newest first, of one type when given. */
export async function latest(
  db: Database,
  affiliateId: bigint,
  limit: number,
  type?: AffiliateTransactionsTable['tx_type'],
) {
  let query = db
    .selectFrom('affiliate_transactions')
    .selectAll()
    .where('affiliate_id', '=', affiliateId)
    .orderBy('tx_id', 'desc')
    .limit(limit);
  if (type) query = query.where('tx_type', '=', type);
  return query.execute();
}
