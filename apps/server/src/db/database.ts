import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { MigrationSafePostgresDialect } from './migration-introspector.ts';
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
  /**
   * The market workers' batch transactions: on PostgreSQL a pool of their own (`BATCH_CONNECTIONS`), so a
   * batch never waits for a connection behind the requests' own statements (under a burst of calls each
   * takes the shared pool for its key or session); on PGlite the one connection, `db`.
   */
  batchDb: Database;
  kind: DatabaseTarget['kind'];
  /** The embedded database itself, for what Kysely can't reach (its notifications). */
  pglite?: PGlite;
  close(): Promise<void>;
}

const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    const parse = typeParsers[oid];
    if (parse) return parse;
    return format === 'binary' ? pg.types.getTypeParser(oid, 'binary') : pg.types.getTypeParser(oid, 'text');
  },
} as pg.CustomTypesConfig;

/**
 * The batch pool's connections: each market worker holds at most two (its batch's and the next one's,
 * begun ahead), and connections are opened only when asked for.
 */
const BATCH_CONNECTIONS = 8;

/** Opens the database and runs every pending migration before returning. */
export async function openDatabase(target: DatabaseTarget): Promise<OpenDatabase> {
  if (target.kind === 'pglite') {
    const dir = target.dataDir ? join(target.dataDir, 'db') : undefined;
    if (dir) mkdirSync(dir, { recursive: true });
    const pool = createPglitePool(await openPglite(dir));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    await migrate(db, undefined);
    return { db, batchDb: db, kind: 'pglite', pglite: pool.pg, close: () => db.destroy() };
  }

  const { url, schema } = target;
  if (schema) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema if not exists "${schema}"`);
    await admin.end();
  }
  const open = (max: number) =>
    new Kysely<DB>({
      dialect: new MigrationSafePostgresDialect({
        pool: preparing(
          new pg.Pool({
            connectionString: url,
            max,
            types: pgTypes,
            ...(schema ? { options: `-c search_path="${schema}"` } : {}),
          }),
        ),
      }),
    });
  const db = open(10);
  await migrate(db, schema);
  const batchDb = open(BATCH_CONNECTIONS);
  return {
    db,
    batchDb,
    kind: 'postgres',
    async close() {
      await batchDb.destroy();
      if (schema && target.dropSchemaOnClose) await sql`drop schema ${sql.id(schema)} cascade`.execute(db);
      await db.destroy();
    },
  };
}

/**
 * Runs pending migrations. With a schema, Kysely's bookkeeping tables live in it too: otherwise it would
 * find another schema's lock table (a parallel test run) and skip creating its own. On PostgreSQL the
 * dialect's introspector looks only at the search path (see `MigrationSafePostgresDialect`), so another
 * run dropping its schema meanwhile cannot fail this one.
 */
async function migrate(db: Kysely<DB>, schema: string | undefined): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: migrationProvider,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed)
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
}

/** Names of migrations applied to this database, oldest first. */
export async function appliedMigrations(db: Database): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.map((row) => row.name);
}

/** Starts a statement that is sent as a named prepared statement (see `preparing`). */
export const PREPARED = '/* prepared */ ';

/**
 * The pool, with statements that start with `PREPARED` sent as named prepared statements: each
 * connection parses and plans such a statement once and then only binds and runs it. For the market
 * workers' large batch statements (a few shapes, run hundreds of times a second) this saves sending and
 * planning several kilobytes of SQL per batch. Only marked statements: every distinct text stays
 * prepared on each connection, so texts that vary with their data (IN lists) must not be marked.
 */
function preparing(pool: pg.Pool): pg.Pool {
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (!name) {
      name = `fit24_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
      names.set(text, name);
    }
    return name;
  };
  const wrapped = Object.create(pool) as pg.Pool;
  wrapped.connect = (async () => {
    const client = await connect();
    const marked = client as pg.PoolClient & { fit24Preparing?: boolean };
    if (!marked.fit24Preparing) {
      marked.fit24Preparing = true;
      const query = client.query.bind(client) as (text: unknown, values?: unknown[]) => Promise<unknown>;
      (client as { query: unknown }).query = (text: unknown, values?: unknown[]) =>
        typeof text === 'string' && text.startsWith(PREPARED)
          ? query({ name: nameOf(text), text, values })
          : query(text, values);
    }
    return client;
  }) as pg.Pool['connect'];
  return wrapped;
}
