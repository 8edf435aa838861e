import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

/** The TOTP columns of `users` and the recovery codes: SQL of the second factor. */

export async function setPendingSecret(db: Database, userId: bigint, sealed: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ totp_pending_secret: sealed })
    .where('user_id', '=', userId)
    .where('totp_secret', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * The pending secret becomes the live one, if it is still the one the code was checked against and TOTP
 * is still off: of two parallel enables, one wins.
 */
export async function enable(
  db: Database,
  userId: bigint,
  sealedPending: string,
  step: bigint,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({
      totp_secret: sql<string>`totp_pending_secret`,
      totp_pending_secret: null,
      totp_enabled_at: now,
      totp_last_step: step,
    })
    .where('user_id', '=', userId)
    .where('totp_secret', 'is', null)
    .where('totp_pending_secret', '=', sealedPending)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function disable(db: Database, userId: bigint): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ totp_secret: null, totp_pending_secret: null, totp_enabled_at: null, totp_last_step: null })
    .where('user_id', '=', userId)
    .where('totp_secret', 'is not', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Takes a TOTP time step, once: false when it (or a later one) was used already. */
export async function takeStep(db: Database, userId: bigint, step: bigint): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('user_id', '=', userId)
    .where('totp_secret', 'is not', null)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * Replaces every recovery code of the user with new ones (hashes), in the caller's transaction. The
 * user's row is locked first: two replacements at once would otherwise each delete, then each insert ten.
 */
export async function replaceRecoveryCodes(
  db: Database,
  userId: bigint,
  hashes: string[],
  now: Date,
): Promise<void> {
  await db.selectFrom('users').select('user_id').where('user_id', '=', userId).forUpdate().execute();
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: now })))
    .execute();
}

export async function deleteRecoveryCodes(db: Database, userId: bigint): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
}

/** Uses a recovery code up, once: of two parallel uses, one succeeds. */
export async function useRecoveryCode(
  db: Database,
  userId: bigint,
  hash: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function recoveryCodesLeft(db: Database, userId: bigint): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
