import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { SessionRow } from '../../db/schema.ts';
import { announceSessionsEnded } from './session-ends.ts';

export async function insert(
  db: Database,
  row: {
    userId: bigint;
    tokenHash: string;
    device: string | null;
    ip: string | null;
    now: Date;
    expiresAt: Date;
  },
): Promise<bigint> {
  const { session_id } = await db
    .insertInto('sessions')
    .values({
      user_id: row.userId,
      token_hash: row.tokenHash,
      device: row.device,
      ip: row.ip,
      created_at: row.now,
      last_seen_at: row.now,
      expires_at: row.expiresAt,
    })
    .returning('session_id')
    .executeTakeFirstOrThrow();
  return session_id;
}

/** The live session of a token hash with its user's verification state, or undefined. */
export async function findLive(db: Database, tokenHash: string, now: Date) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.user_id', 'sessions.user_id')
    .select([
      'sessions.session_id',
      'sessions.user_id',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'users.is_email_verified',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst();
}

export async function touch(db: Database, sessionId: bigint, now: Date, expiresAt: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: now, expires_at: expiresAt })
    .where('session_id', '=', sessionId)
    .execute();
}

/**
 * Revokes the live sessions whose `column` is `id` and, in the same statement, announces it to every
 * process (delivered at commit); answers how many it revoked.
 */
async function revokeLive(
  db: Database,
  column: 'session_id' | 'user_id',
  id: bigint,
  now: Date,
): Promise<number> {
  const rows = await db
    .with('revoked', (qb) =>
      qb
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where(column, '=', id)
        .where('revoked_at', 'is', null)
        .returning('user_id'),
    )
    .selectFrom('revoked')
    .select((eb) => announceSessionsEnded(eb.ref('revoked.user_id')).as('announced'))
    .execute();
  return rows.length;
}

/** Revokes one session, announced to every process (`revokeLive`); answers whether it was live. */
export async function revoke(db: Database, sessionId: bigint, now: Date): Promise<boolean> {
  return (await revokeLive(db, 'session_id', sessionId, now)) > 0;
}

/** Revokes every live session of the user, announced as `revoke` does; answers how many. */
export async function revokeAllOfUser(db: Database, userId: bigint, now: Date): Promise<number> {
  return revokeLive(db, 'user_id', userId, now);
}

/** Which of these sessions are still live (one array parameter, however many). */
export async function liveIds(db: Database, sessionIds: readonly bigint[], now: Date): Promise<bigint[]> {
  if (sessionIds.length === 0) return [];
  const rows = await db
    .selectFrom('sessions')
    .select('session_id')
    .where(sql<boolean>`session_id = any(${sessionIds}::bigint[])`)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .execute();
  return rows.map((row) => row.session_id);
}

export type { SessionRow };
