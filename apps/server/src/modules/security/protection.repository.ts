import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

/** Account protection: the anti-phishing phrase by address, and where a user has signed in before. */

/** The anti-phishing phrase of the user with this email address, or null (none set, or not a user). */
export async function phraseOf(db: Database, email: string): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select('anti_phishing_phrase')
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  return row?.anti_phishing_phrase ?? null;
}

/** The anti-phishing phrase of a user, or null. */
export async function phraseOfUser(db: Database, userId: bigint): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select('anti_phishing_phrase')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.anti_phishing_phrase ?? null;
}

export interface SigninHistory {
  /** The user has had a session before (the first one, at sign-up, is never "new"). */
  any: boolean;
  device: boolean;
  ip: boolean;
}

/** Whether any past session of the user (live, ended or revoked) came from this device, this address. */
export async function signinHistory(
  db: Database,
  userId: bigint,
  origin: { device: string | null; ip: string },
): Promise<SigninHistory> {
  const row = await db
    .selectFrom('sessions')
    .select([
      sql<boolean>`count(*) > 0`.as('any'),
      sql<boolean>`coalesce(bool_or(device is not distinct from ${origin.device}::text), false)`.as('device'),
      sql<boolean>`coalesce(bool_or(ip = ${origin.ip}::text), false)`.as('ip'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { any: row.any, device: row.device, ip: row.ip };
}
