import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { OtpPurpose, OtpRow } from '../../db/schema.ts';

/** The user's newest code of a purpose, live or not. */
export async function latest(db: Database, userId: bigint, purpose: OtpPurpose): Promise<OtpRow | undefined> {
  return db
    .selectFrom('otps')
    .selectAll()
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .orderBy('otp_id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Uses up the user's unused codes of a purpose; with `target`, only those sent there. */
export async function useUpUnused(
  db: Database,
  now: Date,
  userId: bigint,
  purpose: OtpPurpose,
  target?: string,
): Promise<void> {
  await db
    .updateTable('otps')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .$if(target !== undefined, (q) => q.where('target', '=', target!))
    .where('used_at', 'is', null)
    .execute();
}

/** Inserts a code whose hash is still to be set (`setHash`): the hash is salted with the code's id. */
export async function insertPending(
  db: Database,
  row: { userId: bigint; purpose: OtpPurpose; target: string; now: Date; expiresAt: Date },
): Promise<bigint> {
  const { otp_id } = await db
    .insertInto('otps')
    .values({
      user_id: row.userId,
      purpose: row.purpose,
      target: row.target,
      code_hash: 'pending',
      created_at: row.now,
      expires_at: row.expiresAt,
    })
    .returning('otp_id')
    .executeTakeFirstOrThrow();
  return otp_id;
}

export async function setHash(db: Database, otpId: bigint, codeHash: string): Promise<void> {
  await db.updateTable('otps').set({ code_hash: codeHash }).where('otp_id', '=', otpId).execute();
}

/**
 * Counts one try of the newest code of a purpose (of `target`, when given), in one atomic statement that
 * only succeeds while that code is unused, unexpired and under `maxAttempts` tries. Answers the code's
 * row after the try, or undefined when the newest code is dead.
 */
export async function takeTry(
  db: Database,
  now: Date,
  newest: { userId: bigint; purpose: OtpPurpose; target?: string },
  maxAttempts: number,
): Promise<OtpRow | undefined> {
  const { userId, purpose, target } = newest;
  return db
    .updateTable('otps')
    .set({ attempts: sql<number>`attempts + 1` })
    .where(
      'otp_id',
      '=',
      db
        .selectFrom('otps')
        .select('otp_id')
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .$if(target !== undefined, (q) => q.where('target', '=', target!))
        .orderBy('otp_id', 'desc')
        .limit(1),
    )
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', maxAttempts)
    .returningAll()
    .executeTakeFirst();
}

/** Uses a code up, guarded: answers false when it was already used (a race lost). */
export async function markUsed(db: Database, otpId: bigint, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('otps')
    .set({ used_at: now })
    .where('otp_id', '=', otpId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
