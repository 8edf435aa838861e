import { type ExpressionBuilder, sql } from 'kysely';
import { hashSecret, newToken } from '../../crypto.ts';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import type { AuthTokenPurpose, AuthTokenRow } from '../../db/schema-security.ts';

/**
 * Short-lived single-use secrets (auth_tokens): sign-in challenges, WebAuthn challenges, passkey step-up
 * tokens, freeze links. The token is returned once; only its hash is stored.
 */
export async function create(
  db: Database,
  input: {
    purpose: AuthTokenPurpose;
    userId: bigint | null;
    now: Date;
    ttlSeconds: number;
    webauthnChallenge?: string;
    origin?: { device: string | null; ip: string };
  },
): Promise<{ token: string; row: AuthTokenRow }> {
  const token = newToken();
  const row = await db
    .insertInto('auth_tokens')
    .values({
      purpose: input.purpose,
      token_hash: hashSecret(token),
      user_id: input.userId,
      webauthn_challenge: input.webauthnChallenge ?? null,
      origin: input.origin ? JSON.stringify(input.origin) : null,
      created_at: input.now,
      expires_at: new Date(input.now.getTime() + input.ttlSeconds * 1000),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { token, row };
}

/** The row of `token` of this purpose, while unused and unexpired: every query here starts from it. */
function live(purpose: AuthTokenPurpose, token: string, now: Date) {
  return (eb: ExpressionBuilder<DB, 'auth_tokens'>) =>
    eb.and([
      eb('token_hash', '=', hashSecret(token)),
      eb('purpose', '=', purpose),
      eb('used_at', 'is', null),
      eb('expires_at', '>', now),
    ]);
}

/** The live (unused, unexpired) token of a purpose, or undefined; reading it takes nothing. */
export async function findLive(
  db: Database,
  purpose: AuthTokenPurpose,
  token: string,
  now: Date,
): Promise<AuthTokenRow | undefined> {
  return db
    .selectFrom('auth_tokens')
    .selectAll()
    .where(live(purpose, token, now))
    .executeTakeFirst();
}

/**
 * Takes one of a live token's `max` tries in one atomic statement (a sign-in challenge allows a few
 * wrong codes); undefined when it is used, expired, unknown or out of tries.
 */
export async function attempt(
  db: Database,
  purpose: AuthTokenPurpose,
  token: string,
  now: Date,
  max: number,
): Promise<AuthTokenRow | undefined> {
  return db
    .updateTable('auth_tokens')
    .set({ attempts: sql<number>`attempts + 1` })
    .where(live(purpose, token, now))
    .where('attempts', '<', max)
    .returningAll()
    .executeTakeFirst();
}

/** Uses a live token up, once: of two parallel uses one gets the row, the other undefined. */
export async function consume(
  db: Database,
  purpose: AuthTokenPurpose,
  token: string,
  now: Date,
  userId?: bigint,
): Promise<AuthTokenRow | undefined> {
  let query = db
    .updateTable('auth_tokens')
    .set({ used_at: now })
    .where(live(purpose, token, now));
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  return query.returningAll().executeTakeFirst();
}

/** Forgets tokens that ended a day ago. */
export async function prune(db: Database, now: Date): Promise<void> {
  await db
    .deleteFrom('auth_tokens')
    .where('expires_at', '<', new Date(now.getTime() - 86_400_000))
    .execute();
}

/** Uses up the live ceremony of `purpose` whose WebAuthn challenge is `challenge`, once. */
export async function consumeByChallenge(
  db: Database,
  purpose: AuthTokenPurpose,
  userId: bigint | null,
  challenge: string,
  now: Date,
): Promise<AuthTokenRow | undefined> {
  let query = db
    .updateTable('auth_tokens')
    .set({ used_at: now })
    .where('purpose', '=', purpose)
    .where('webauthn_challenge', '=', challenge)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now);
  query = userId === null ? query.where('user_id', 'is', null) : query.where('user_id', '=', userId);
  return query.returningAll().executeTakeFirst();
}

/** Gives a live token (a sign-in challenge) the WebAuthn challenge its passkey must sign. */
export async function setWebauthnChallenge(
  db: Database,
  purpose: AuthTokenPurpose,
  token: string,
  challenge: string,
  now: Date,
): Promise<AuthTokenRow | undefined> {
  return db
    .updateTable('auth_tokens')
    .set({ webauthn_challenge: challenge })
    .where(live(purpose, token, now))
    .returningAll()
    .executeTakeFirst();
}
