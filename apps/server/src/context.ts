import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock.ts';
import type { AppConfig } from './config.ts';
import type { Database } from './db/database.ts';
import type { EngineHost } from './engine-host/host.ts';
import type { SessionCache } from './modules/auth/session-cache.ts';
import type { Messenger } from './modules/messaging/messaging.ts';

/** What every service is handed: the database, the one clock, the configuration and a logger. */
export interface AppContext {
  config: AppConfig;
  db: Database;
  dbKind: 'pglite' | 'postgres';
  clock: Clock;
  log: FastifyBaseLogger;
  messenger: Messenger;
  /** The market workers: one owner of each market's book (engine-host). */
  engine: EngineHost;
  /** Recently looked-up sessions (modules/auth/session-cache.ts). */
  sessions: SessionCache;
}

/** The signed-in caller of a request, after the bearer token has been checked. */
export interface AuthInfo {
  sessionId: bigint;
  userId: bigint;
  isEmailVerified: boolean;
}
