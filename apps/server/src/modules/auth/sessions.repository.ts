import { type Expression, sql } from 'kysely';
import type pg from 'pg';
import type { Database } from '../../db/database.ts';
import type { SessionRow } from '../../db/schema.ts';

/**
 * The channel that announces ended sessions, one per schema: tests run several exchanges in schemas of
 * one database, and a user id of one means nothing in another. Hashed, to stay under PostgreSQL's 63-byte
 * limit on names whatever the schema's name.
 */
const ENDS_CHANNEL_SQL = `'fit24_sessions_' || md5(current_schema())`;

/**
 * For a statement that revokes sessions: `pg_notify` of the user's id on the sessions channel.
 * PostgreSQL delivers it when the transaction commits, and never if it rolls back: no process acts on a
 * revocation before it is true (a socket it closes can't auth again with the token: the database already
 * refuses it), and none misses one that is. Several for one user in a transaction arrive as one.
 */
export function announceSessionsEnded(userId: Expression<bigint>) {
  return sql<unknown>`pg_notify(${sql.raw(ENDS_CHANNEL_SQL)}, ${userId}::text)`;
}

/** The name of this schema's sessions channel (`ENDS_CHANNEL_SQL`). */
export async function endsChannel(db: Database): Promise<string> {
  const { rows } = await sql<{ channel: string }>`select ${sql.raw(ENDS_CHANNEL_SQL)} as channel`.execute(db);
  return rows[0]!.channel;
}

export async function listen(db: Database, channel: string): Promise<void> {
  await sql`listen ${sql.id(channel)}`.execute(db);
}

/** `endsChannel` on a connection of its own (the one that LISTENs on PostgreSQL). */
export async function endsChannelOn(client: pg.Client): Promise<string> {
  const { rows } = await client.query<{ channel: string }>(`select ${ENDS_CHANNEL_SQL} as channel`);
  return rows[0]!.channel;
}

/** `listen` on a connection of its own. */
export async function listenOn(client: pg.Client, channel: string): Promise<void> {
  await client.query(`listen "${channel}"`);
}

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

/** The user's live sessions, the most recently used first. */
export async function listLive(db: Database, userId: bigint, now: Date) {
  return db
    .selectFrom('sessions')
    .select(['session_id', 'device', 'ip', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('last_seen_at', 'desc')
    .execute();
}

export type { SessionRow };
