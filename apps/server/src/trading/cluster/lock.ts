import { type RawBuilder, sql } from 'kysely';
import pg from 'pg';
import type { DatabaseTarget } from '../../db/database.ts';

/** Channels between the processes sharing one database. */
export const CHANNELS = {
  /** A follower recorded a pending order or a cancel request for a market: `<market_id>`. */
  orders: 'fit24_orders',
  /** A market's owner committed a batch: `<market_id>`. */
  batches: 'fit24_batches',
  /** An operator changed a market's settings (its status): `<market_id>`. */
  markets: 'fit24_markets',
} as const;

export type Channel = (typeof CHANNELS)[keyof typeof CHANNELS];

/**
 * A channel's name in this schema: tests run several exchanges in schemas of one database, and a market
 * id of one means nothing in another (as the sessions' channel). Hashed, under the 63-byte name limit.
 */
const SCOPED = (channel: string) => `${channel} || '_' || md5(current_schema())`;

/** `pg_notify` of `payload` on this schema's `channel`, for a statement (delivered at its commit). */
export function notifySql(channel: Channel, payload: string): RawBuilder<unknown> {
  return sql`pg_notify(${sql.raw(SCOPED(`'${channel}'`))}, ${payload})`;
}

/**
 * The processes sharing one PostgreSQL (DESIGN §1): which markets this process runs, chosen by a
 * session advisory lock per market, and LISTEN/NOTIFY between them. One dedicated connection holds the
 * locks and the listening: if it is lost, so are the locks, and `onLost` is told (the process must then
 * stop matching). Embedded PGlite is one process: it owns every market and hears nothing.
 */
export interface Cluster {
  /** Takes the market's lock when free: true when this process now runs the market. */
  tryOwn(marketId: number): Promise<boolean>;
  listen(channel: Channel, listener: (payload: string) => void): Promise<void>;
  onLost(listener: () => void): void;
  readonly shared: boolean;
  close(): Promise<void>;
}

export async function openCluster(target: DatabaseTarget): Promise<Cluster> {
  if (target.kind === 'pglite') return solo;
  const client = new pg.Client({
    connectionString: target.url,
    application_name: 'fit24-market-locks',
    ...(target.schema ? { options: `-c search_path="${target.schema}"` } : {}),
  });
  await client.connect();
  const listeners = new Map<string, Array<(payload: string) => void>>();
  const lost: Array<() => void> = [];
  let closing = false;
  const tellLost = () => {
    if (closing) return;
    closing = true;
    for (const listener of lost) listener();
  };
  client.on('error', tellLost);
  client.on('end', tellLost);
  // One query at a time on the one connection (the take-over timer asks for several markets at once).
  let queue: Promise<unknown> = Promise.resolve();
  const query = <R extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
    const run = queue.then(() => client.query<R>(text, values));
    queue = run.catch(() => {});
    return run;
  };
  client.on('notification', (n) => {
    for (const listener of listeners.get(n.channel) ?? []) listener(n.payload ?? '');
  });
  return {
    shared: true,
    async tryOwn(marketId) {
      // Keyed by the schema too: each schema (a test run) is its own exchange.
      const { rows } = await query<{ owned: boolean }>(
        'select pg_try_advisory_lock(hashtext(current_schema()), $1) as owned',
        [marketId],
      );
      return rows[0]!.owned;
    },
    async listen(channel, listener) {
      const { rows } = await query<{ name: string }>(`select ${SCOPED('$1::text')} as name`, [channel]);
      const name = rows[0]!.name;
      if (!listeners.has(name)) {
        listeners.set(name, []);
        await query(`listen ${name}`);
      }
      listeners.get(name)!.push(listener);
    },
    onLost(listener) {
      lost.push(listener);
    },
    async close() {
      closing = true;
      await client.end();
    },
  };
}

const solo: Cluster = {
  shared: false,
  tryOwn: async () => true,
  listen: async () => {},
  onLost: () => {},
  close: async () => {},
};
