import type { Insertable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { AlertRow, AlertsTable } from '../../db/schema-trading.ts';

/** How many ACTIVE alerts the user has (hold the user's row lock to count-then-insert safely). */
export async function countActive(db: Database, userId: bigint): Promise<number> {
  const { active } = await db
    .selectFrom('alerts')
    .select((eb) => eb.fn.countAll<string>().as('active'))
    .where('user_id', '=', userId)
    .where('status', '=', 'ACTIVE')
    .executeTakeFirstOrThrow();
  return Number(active);
}

export async function insert(db: Database, row: Insertable<AlertsTable>): Promise<AlertRow> {
  return db.insertInto('alerts').values(row).returningAll().executeTakeFirstOrThrow();
}

/** The user's alerts, newest first. */
export async function listOfUser(db: Database, userId: bigint): Promise<AlertRow[]> {
  return db
    .selectFrom('alerts')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('alert_id', 'desc')
    .execute();
}

/** Deletes the user's alert and answers it as it was; undefined when the user has no such alert. */
export async function deleteOwned(
  db: Database,
  userId: bigint,
  alertId: bigint,
): Promise<AlertRow | undefined> {
  return db
    .deleteFrom('alerts')
    .where('alert_id', '=', alertId)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}
