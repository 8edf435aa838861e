import type { Database } from '../../db/database.ts';
import type { NewUser, UserRow } from '../../db/schema.ts';

export async function findById(db: Database, userId: bigint): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function insert(db: Database, user: NewUser): Promise<UserRow> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}
