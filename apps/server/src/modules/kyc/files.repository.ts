import type { Insertable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { FileRow, FilesTable } from '../../db/schema.ts';

export async function insert(db: Database, row: Insertable<FilesTable>): Promise<FileRow> {
  return db.insertInto('files').values(row).returningAll().executeTakeFirstOrThrow();
}

/** The owner and type of each of these files that exists. */
export async function findOwners(db: Database, fileIds: bigint[]) {
  return db
    .selectFrom('files')
    .select(['file_id', 'user_id', 'mime'])
    .where('file_id', 'in', fileIds)
    .execute();
}
