import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { DatabaseTarget, OpenDatabase } from '../../db/database.ts';
import * as sessionsRepo from './sessions.repository.ts';

/** How long to wait before listening again when the listening connection is lost. */
const RELISTEN_MS = 1_000;

export interface SessionEndsListener {
  close(): Promise<void>;
}

/**
 * Hears every revocation committed by any process of this exchange and tells `onEnded` whose sessions
 * ended. On PostgreSQL a connection of its own LISTENs on the schema's channel; if it is lost it listens
 * again, then tells `onEnded(null)`: ends committed meanwhile were not heard, so every session must be
 * checked again. Embedded PGlite is one process: it hears its own notifications, on its one connection,
 * as each transaction commits.
 */
export async function listenForSessionEnds(
  target: DatabaseTarget,
  database: OpenDatabase,
  log: FastifyBaseLogger,
  onEnded: (userId: bigint | null) => void,
): Promise<SessionEndsListener> {
  const tell = (payload: string) => {
    if (/^\d{1,19}$/.test(payload)) onEnded(BigInt(payload));
    else log.error({ payload }, 'unreadable session end');
  };
  if (target.kind === 'pglite') {
    const { db, pglite } = database;
    const channel = await sessionsRepo.endsChannel(db);
    // Through the pool, so it can't land inside another caller's transaction on the one connection.
    await sessionsRepo.listen(db, channel);
    const stop = pglite!.onNotification((from, payload) => {
      if (from === channel) tell(payload);
    });
    return { close: async () => stop() };
  }
  return listenOnPostgres(target, tell, () => onEnded(null), log);
}

async function listenOnPostgres(
  target: Extract<DatabaseTarget, { kind: 'postgres' }>,
  tell: (payload: string) => void,
  missed: () => void,
  log: FastifyBaseLogger,
): Promise<SessionEndsListener> {
  let client: pg.Client | null = null;
  let closing = false;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const listen = async () => {
    const next = new pg.Client({
      connectionString: target.url,
      application_name: 'fit24-session-ends',
      keepAlive: true,
      ...(target.schema ? { options: `-c search_path="${target.schema}"` } : {}),
    });
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    try {
      await next.connect();
      const channel = await sessionsRepo.endsChannelOn(next);
      next.on('notification', (n) => {
        if (n.channel === channel) tell(n.payload ?? '');
      });
      await sessionsRepo.listenOn(next, channel);
    } catch (error) {
      next.end().catch(() => {});
      throw error;
    }
    client = next;
  };

  /** The listening connection failed or ended (a failure while starting to listen is `listen`'s). */
  const lost = (which: pg.Client) => {
    if (closing || client !== which) return;
    client = null;
    which.end().catch(() => {});
    retry = setTimeout(relisten, RELISTEN_MS);
  };

  const relisten = () => {
    if (closing) return;
    log.warn('the connection hearing session ends was lost; listening again');
    listen()
      .then(missed)
      .catch((error: unknown) => {
        log.error({ err: error }, 'listening for session ends failed');
        retry = setTimeout(relisten, RELISTEN_MS);
      });
  };

  await listen();
  return {
    async close() {
      closing = true;
      clearTimeout(retry);
      await client?.end();
    },
  };
}
