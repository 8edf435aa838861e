import type { Database } from '../../db/database.ts';

/** What counts against the withdrawal limit: the user's withdrawals since `since`, but rejected or cancelled ones. */
export async function countedSince(
  db: Database,
  userId: bigint,
  since: Date,
): Promise<Array<{ created_at: Date; usd_cents: bigint }>> {
  return db
    .selectFrom('withdrawals')
    .select(['created_at', 'usd_cents'])
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .where('status', 'not in', ['REJECTED', 'CANCELLED'])
    .orderBy('created_at')
    .orderBy('withdrawal_id')
    .execute();
}
