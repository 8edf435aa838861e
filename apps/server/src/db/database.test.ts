import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { type OpenDatabase, openDatabase } from './database.ts';

const url = process.env.TEST_DATABASE_URL;
const schemaName = () => `test_db_${randomBytes(6).toString('hex')}`;
const open = (schema: string) =>
  openDatabase({ kind: 'postgres', url: url!, schema, dropSchemaOnClose: true });

describe.skipIf(!url)('migrations on a PostgreSQL shared by parallel test runs', () => {
  const opened: OpenDatabase[] = [];
  afterAll(async () => {
    await Promise.all(opened.map((database) => database.close().catch(() => undefined)));
  });

  it('sees only the tables on its own search path', async () => {
    const other = await open(schemaName());
    opened.push(other);
    await sql`create table decoy_only_here (id int)`.execute(other.db);
    const mine = await open(schemaName());
    opened.push(mine);
    const names = (await mine.db.introspection.getTables()).map((table) => table.name);
    expect(names).toContain('affiliates');
    expect(names).not.toContain('decoy_only_here');
    expect(new Set((await mine.db.introspection.getTables()).map((table) => table.schema)).size).toBe(1);
  });

  it('migrates while other runs drop their schemas at the same moment', async () => {
    const doomed = await Promise.all(Array.from({ length: 6 }, () => open(schemaName())));
    const dropping = Promise.all(doomed.map((database) => database.close()));
    const fresh = await Promise.all(Array.from({ length: 4 }, () => open(schemaName())));
    opened.push(...fresh);
    await dropping;
    for (const database of fresh) {
      const { rows } = await sql<{ n: string }>`select count(*) as n from affiliates`.execute(database.db);
      expect(Number(rows[0]!.n)).toBe(0);
    }
  });
});
