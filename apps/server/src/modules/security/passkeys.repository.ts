import { type ExpressionBuilder, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import type { PasskeyRow } from '../../db/schema-security.ts';

export async function listOf(db: Database, userId: bigint): Promise<PasskeyRow[]> {
  return db.selectFrom('passkeys').selectAll().where('user_id', '=', userId).orderBy('passkey_id').execute();
}

export async function countOf(db: Database, userId: bigint): Promise<number> {
  const row = await db
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findByCredentialId(
  db: Database,
  credentialId: string,
): Promise<PasskeyRow | undefined> {
  return db.selectFrom('passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
}

/** The passkey `passkeyId` of this user only: every query on one of a user's passkeys goes through it. */
function own(userId: bigint, passkeyId: number) {
  return (eb: ExpressionBuilder<DB, 'passkeys'>) =>
    eb.and([eb('passkey_id', '=', BigInt(passkeyId)), eb('user_id', '=', userId)]);
}

export async function findOwn(
  db: Database,
  userId: bigint,
  passkeyId: number,
): Promise<PasskeyRow | undefined> {
  return db.selectFrom('passkeys').selectAll().where(own(userId, passkeyId)).executeTakeFirst();
}

/** A new credential; undefined when the credential is registered already (by anyone). */
export async function insert(
  db: Database,
  row: {
    userId: bigint;
    credentialId: string;
    publicKey: string;
    counter: bigint;
    transports: string[];
    name: string;
    now: Date;
  },
): Promise<PasskeyRow | undefined> {
  return db
    .insertInto('passkeys')
    .values({
      user_id: row.userId,
      credential_id: row.credentialId,
      public_key: row.publicKey,
      counter: row.counter,
      transports: JSON.stringify(row.transports),
      name: row.name,
      created_at: row.now,
    })
    .onConflict((oc) => oc.column('credential_id').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/**
 * Records a use. The signature counter only moves forward (a cloned authenticator replays an old one):
 * false when another use got there first with a counter at least as high.
 */
export async function recordUse(
  db: Database,
  passkeyId: bigint,
  counter: bigint,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('passkeys')
    .set({ counter, last_used_at: now })
    .where('passkey_id', '=', passkeyId)
    // Parenthesised: an OR beside the id's AND would reach every passkey.
    .where(sql<boolean>`((counter = 0 and ${counter} = 0) or counter < ${counter})`)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function rename(
  db: Database,
  userId: bigint,
  passkeyId: number,
  name: string,
): Promise<PasskeyRow | undefined> {
  return db
    .updateTable('passkeys')
    .set({ name })
    .where(own(userId, passkeyId))
    .returningAll()
    .executeTakeFirst();
}

export async function remove(db: Database, userId: bigint, passkeyId: number): Promise<boolean> {
  const result = await db.deleteFrom('passkeys').where(own(userId, passkeyId)).executeTakeFirst();
  return result.numDeletedRows === 1n;
}
