import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { migrationProvider } from './migrations/index.ts';
import { createPglitePool, openPglite } from './pglite-pool.ts';
import type { DB } from './schema.ts';
import { typeParsers } from './types.ts';

export type Database = Kysely<DB>;

export type DatabaseTarget =
  /** Embedded PGlite: on disk under `dataDir`, or in memory when absent (tests). */
  | { kind: 'pglite'; dataDir?: string }
  /** PostgreSQL; `schema` isolates a test run inside a shared database and is dropped on close. */
  | { kind: 'postgres'; url: string; schema?: string; dropSchemaOnClose?: boolean };

export interface OpenDatabase {
  db: Database;
  kind: DatabaseTarget['kind'];
  close(): Promise<void>;
}

const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    const parse = typeParsers[oid];
    if (parse) return parse;
    return format === 'binary' ? pg.types.getTypeParser(oid, 'binary') : pg.types.getTypeParser(oid, 'text');
  },
} as pg.CustomTypesConfig;

/** Opens the database and runs every pending migration before returning. */
export async function openDatabase(target: DatabaseTarget): Promise<OpenDatabase> {
  if (target.kind === 'pglite') {
    const dir = target.dataDir ? join(target.dataDir, 'db') : undefined;
    if (dir) mkdirSync(dir, { recursive: true });
    const pool = createPglitePool(await openPglite(dir));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    await migrate(db, undefined);
    return { db, kind: 'pglite', close: () => db.destroy() };
  }

  const { url, schema } = target;
  if (schema) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema if not exists "${schema}"`);
    await admin.end();
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    types: pgTypes,
    ...(schema ? { options: `-c search_path="${schema}"` } : {}),
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  await migrate(db, schema);
  return {
    db,
    kind: 'postgres',
    async close() {
      if (schema && target.dropSchemaOnClose) await sql`drop schema ${sql.id(schema)} cascade`.execute(db);
      await db.destroy();
    },
  };
}

/**
 * Runs pending migrations. With a schema, Kysely's bookkeeping tables live in it too: otherwise it would
 * find another schema's lock table (a parallel test run) and skip creating its own.
 */
async function migrate(db: Kysely<DB>, schema: string | undefined): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: migrationProvider,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

/** Names of migrations applied to this database, oldest first. */
export async function appliedMigrations(db: Database): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.map((row) => row.name);
}
