import type { Insertable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { KycRow, KycSubmissionsTable } from '../../db/schema.ts';

/** The reason given with the user's newest submission (the one a rejected status refers to). */
export async function latestReason(
  db: Database,
  userId: bigint,
): Promise<{ reason: string | null } | undefined> {
  return db
    .selectFrom('kyc_submissions')
    .select('reason')
    .where('user_id', '=', userId)
    .orderBy('kyc_id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insert(db: Database, row: Insertable<KycSubmissionsTable>): Promise<KycRow> {
  return db.insertInto('kyc_submissions').values(row).returningAll().executeTakeFirstOrThrow();
}

/**
 * Decides the user's waiting submission, guarded by its status in the same statement: only a PENDING
 * one changes, once. Undefined when none was waiting.
 */
export async function decidePending(
  db: Database,
  userId: bigint,
  decision: { status: 'APPROVED' | 'REJECTED'; reason: string | null; decidedAt: Date },
): Promise<KycRow | undefined> {
  return db
    .updateTable('kyc_submissions')
    .set({ status: decision.status, reason: decision.reason, decided_at: decision.decidedAt })
    .where('user_id', '=', userId)
    .where('status', '=', 'PENDING')
    .returningAll()
    .executeTakeFirst();
}
