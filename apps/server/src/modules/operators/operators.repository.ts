import type { Insertable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { OperatorRow, OperatorsTable } from '../../db/schema-operators.ts';

/** SQL of operators, their sign-in challenges, sessions and machine tokens. */

export function insert(db: Database, row: Insertable<OperatorsTable>): Promise<OperatorRow> {
  return db.insertInto('operators').values(row).returningAll().executeTakeFirstOrThrow();
}

export function findByEmail(db: Database, email: string): Promise<OperatorRow | undefined> {
  return db.selectFrom('operators').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export function findById(db: Database, operatorId: bigint): Promise<OperatorRow | undefined> {
  return db.selectFrom('operators').selectAll().where('operator_id', '=', operatorId).executeTakeFirst();
}

export function list(db: Database): Promise<OperatorRow[]> {
  return db.selectFrom('operators').selectAll().orderBy('operator_id').execute();
}

/** Whether an admin who can sign in exists: until then the operator key may create one. */
export async function hasActiveAdmin(db: Database): Promise<boolean> {
  const row = await db
    .selectFrom('operators')
    .select('operator_id')
    .where('role', '=', 'admin')
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

export function update(
  db: Database,
  operatorId: bigint,
  changes: { role?: OperatorRow['role']; disabled_at?: Date | null },
): Promise<OperatorRow | undefined> {
  return db
    .updateTable('operators')
    .set(changes)
    .where('operator_id', '=', operatorId)
    .returningAll()
    .executeTakeFirst();
}

// ── Sign-in challenges ─────────────────────────────────────────────────────────────────────────────────

export async function insertChallenge(
  db: Database,
  row: { challenge_hash: string; operator_id: bigint; pending_secret: string | null; expires_at: Date },
): Promise<void> {
  await db.insertInto('operator_challenges').values(row).execute();
}

/** Uses a live challenge up in one statement (a challenge signs in once, even under parallel requests). */
export function useChallenge(db: Database, hash: string, now: Date) {
  return db
    .updateTable('operator_challenges')
    .set({ used_at: now })
    .where('challenge_hash', '=', hash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['operator_id', 'pending_secret'])
    .executeTakeFirst();
}

export function findLiveChallenge(db: Database, hash: string, now: Date) {
  return db
    .selectFrom('operator_challenges')
    .select(['operator_id', 'pending_secret'])
    .where('challenge_hash', '=', hash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Records an accepted TOTP step: false when it (or a later one) was used already. */
export async function takeStep(db: Database, operatorId: bigint, step: bigint): Promise<boolean> {
  const result = await db
    .updateTable('operators')
    .set({ totp_last_step: step })
    .where('operator_id', '=', operatorId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The first code confirmed the enrolment: the secret is the operator's from now on. */
export async function enrol(
  db: Database,
  operatorId: bigint,
  sealedSecret: string,
  step: bigint,
): Promise<boolean> {
  const result = await db
    .updateTable('operators')
    .set({ totp_secret: sealedSecret, totp_last_step: step })
    .where('operator_id', '=', operatorId)
    .where('totp_secret', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

// ── Sessions and machine tokens ────────────────────────────────────────────────────────────────────────

export async function insertSession(
  db: Database,
  row: { operator_id: bigint; token_hash: string; ip: string | null; now: Date; expires_at: Date },
): Promise<bigint> {
  const { session_id } = await db
    .insertInto('operator_sessions')
    .values({
      operator_id: row.operator_id,
      token_hash: row.token_hash,
      ip: row.ip,
      created_at: row.now,
      last_seen_at: row.now,
      expires_at: row.expires_at,
    })
    .returning('session_id')
    .executeTakeFirstOrThrow();
  return session_id;
}

/**
 * A live session by its token's hash, seen now: one statement checks it is not revoked, not past its end
 * and not idle longer than `idleSince`, and moves its last use on.
 */
export function touchSession(db: Database, hash: string, now: Date, idleSince: Date) {
  return db
    .updateTable('operator_sessions')
    .set({ last_seen_at: now })
    .where('token_hash', '=', hash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .where('last_seen_at', '>', idleSince)
    .returning(['session_id', 'operator_id'])
    .executeTakeFirst();
}

export function touchToken(db: Database, hash: string, now: Date) {
  return db
    .updateTable('operator_tokens')
    .set({ last_used_at: now })
    .where('token_hash', '=', hash)
    .where('revoked_at', 'is', null)
    .returning(['token_id', 'operator_id'])
    .executeTakeFirst();
}

export async function revokeSession(db: Database, sessionId: bigint, now: Date): Promise<void> {
  await db
    .updateTable('operator_sessions')
    .set({ revoked_at: now })
    .where('session_id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** A disabled operator's sessions and tokens end with it. */
export async function revokeAll(db: Database, operatorId: bigint, now: Date): Promise<void> {
  await db
    .updateTable('operator_sessions')
    .set({ revoked_at: now })
    .where('operator_id', '=', operatorId)
    .where('revoked_at', 'is', null)
    .execute();
  await db
    .updateTable('operator_tokens')
    .set({ revoked_at: now })
    .where('operator_id', '=', operatorId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function insertToken(
  db: Database,
  row: { operator_id: bigint; name: string; token_hash: string; now: Date },
): Promise<bigint> {
  const { token_id } = await db
    .insertInto('operator_tokens')
    .values({ operator_id: row.operator_id, name: row.name, token_hash: row.token_hash, created_at: row.now })
    .returning('token_id')
    .executeTakeFirstOrThrow();
  return token_id;
}
