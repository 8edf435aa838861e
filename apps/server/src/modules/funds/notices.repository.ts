import type { Insertable, Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { AssetNoticesTable } from '../../db/schema-funds.ts';

export type NoticeRow = Selectable<AssetNoticesTable>;

/** An asset's latest notices of one type, newest first. */
export function latest(
  db: Database,
  assetId: number,
  type: NoticeRow['type'],
  limit: number,
): Promise<NoticeRow[]> {
  return db
    .selectFrom('asset_notices')
    .selectAll()
    .where('asset_id', '=', assetId)
    .where('type', '=', type)
    .orderBy('notice_id', 'desc')
    .limit(limit)
    .execute();
}

export function insert(db: Database, notice: Insertable<AssetNoticesTable>): Promise<NoticeRow> {
  return db.insertInto('asset_notices').values(notice).returningAll().executeTakeFirstOrThrow();
}
