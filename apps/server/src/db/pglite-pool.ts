import { PGlite } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import { typeParsers } from './types.ts';

/**
 * A one-connection "pool" over an in-process PGlite, for Kysely's PostgresDialect.
 *
 * PGlite is a single connection: a transaction must own it from BEGIN to COMMIT, or another request's
 * statements would land inside it. So `connect()` hands the one client out to one caller at a time and
 * queues the rest until `release()`. Danger: inside a transaction, use only the transaction handle —
 * a query on the outer `db` waits for the transaction to end, which never comes.
 */
export function createPglitePool(pg: PGlite): PostgresPool & { pg: PGlite } {
  let busy = false;
  const waiting: Array<() => void> = [];

  const client = {
    async query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
      const result = await pg.query<R>(sql, parameters as unknown[]);
      return {
        command: (result as { command?: string }).command as PostgresQueryResult<R>['command'],
        rowCount: result.affectedRows ?? result.rows.length,
        rows: result.rows,
      };
    },
    release() {
      const next = waiting.shift();
      if (next) next();
      else busy = false;
    },
  } as unknown as PostgresPoolClient;

  return {
    pg,
    async connect() {
      if (busy) await new Promise<void>((resolve) => waiting.push(resolve));
      busy = true;
      return client;
    },
    async end() {
      await pg.close();
    },
  };
}

/**
 * PostgreSQL's default 128 MB of shared buffers, kept in PGlite's WebAssembly memory, were most of an idle
 * server's resident memory; 16 MB hold an embedded database's working set (a page beyond them is read
 * again from the file system's cache). README, "Measure it", has the figures. PGlite's `initialMemory`
 * cannot go below its module's 128 MB, which is already its default.
 */
const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/** Opens PGlite on disk (`dataDir`) or in memory (no `dataDir`). */
export async function openPglite(dataDir?: string): Promise<PGlite> {
  return PGlite.create({ ...(dataDir ? { dataDir } : {}), parsers: typeParsers, startParams });
}
