import type { FastifyBaseLogger } from 'fastify';
import type { Chains } from './chains.ts';
import type { Clock } from './clock.ts';
import type { AppConfig } from './config.ts';
import type { Database } from './db/database.ts';
import type { SessionCache } from './http/session-cache.ts';
import type { Messenger } from './messenger.ts';

/** What every service is handed: the database, the one clock, the configuration and a logger. */
export interface AppContext {
  config: AppConfig;
  db: Database;
  /** Where the market workers' batches run (`OpenDatabase.batchDb`); `db` on PGlite. */
  batchDb: Database;
  dbKind: 'pglite' | 'postgres';
  clock: Clock;
  log: FastifyBaseLogger;
  messenger: Messenger;
  /** Recently looked-up sessions (http/session-cache.ts). */
  sessions: SessionCache;
  /** The blockchains, by network (modules/chain). */
  chains: Chains;
}
