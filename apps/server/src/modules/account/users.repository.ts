import { sql, type Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { NewUser, UserRow, UsersTable } from '../../db/schema.ts';

export async function findById(db: Database, userId: bigint): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Emails are stored lower-case; the contract lower-cases every email it reads. */
export async function findByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export async function findByReferralCode(db: Database, code: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('referral_code', '=', code.toUpperCase())
    .executeTakeFirst();
}

export async function insert(db: Database, user: NewUser): Promise<UserRow> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

export async function update(
  db: Database,
  userId: bigint,
  changes: Omit<Updateable<UsersTable>, 'user_id' | 'created_at'>,
): Promise<void> {
  await db.updateTable('users').set(changes).where('user_id', '=', userId).execute();
}

/** Locks the user's row until the transaction ends: one security-sensitive change of a user at a time. */
export async function lockById(trx: Database, userId: bigint): Promise<UserRow> {
  return trx
    .selectFrom('users')
    .selectAll()
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** Pauses money leaving the account until `until`, or later if a pause already runs longer. */
export async function extendCooldown(
  db: Database,
  userId: bigint,
  until: Date,
  reason: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      cooldown_until: sql<Date>`greatest(coalesce(cooldown_until, ${until}), ${until})`,
      cooldown_reason: reason,
    })
    .where('user_id', '=', userId)
    .execute();
}
