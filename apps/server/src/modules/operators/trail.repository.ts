import type { Database } from '../../db/database.ts';
import type { TrailRow } from '../../db/schema-operators.ts';

/** SQL of the operators' trail: append after the locked head, read in order, page with filters. */

/** The chain's head, locked until the commit: appends take their turn one after another. */
export function lockHead(trx: Database) {
  return trx
    .selectFrom('ops_trail_head')
    .selectAll()
    .where('id', '=', 1)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export async function append(
  trx: Database,
  row: Omit<TrailRow, 'detail'> & { detail: string },
): Promise<void> {
  await trx.insertInto('ops_trail').values(row).execute();
  await trx
    .updateTable('ops_trail_head')
    .set({ entry_id: row.entry_id, hash: row.hash })
    .where('id', '=', 1)
    .execute();
}

export function head(db: Database) {
  return db.selectFrom('ops_trail_head').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
}

/** Rows after `after`, oldest first (the audit walks the chain a chunk at a time). */
export function chunk(db: Database, after: bigint, size: number): Promise<TrailRow[]> {
  return db
    .selectFrom('ops_trail')
    .selectAll()
    .where('entry_id', '>', after)
    .orderBy('entry_id')
    .limit(size)
    .execute();
}

export interface TrailFilter {
  operatorId?: bigint;
  action?: string;
  target?: string;
}

export async function page(db: Database, filter: TrailFilter, pageNumber: number, pageSize: number) {
  let base = db.selectFrom('ops_trail');
  if (filter.operatorId !== undefined) base = base.where('operator_id', '=', filter.operatorId);
  if (filter.action) base = base.where('action', '=', filter.action);
  if (filter.target) base = base.where('target', '=', filter.target);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('entry_id', 'desc')
      .limit(pageSize)
      .offset((pageNumber - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** The latest line of an action that was done (the console shows the last audit's result). */
export function latestDone(db: Database, action: string) {
  return db
    .selectFrom('ops_trail')
    .selectAll()
    .where('action', '=', action)
    .where('outcome', '=', 'done')
    .orderBy('entry_id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
