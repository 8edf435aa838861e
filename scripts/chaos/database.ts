// The chaos run's database: PGlite in a temporary folder, or a throwaway PostgreSQL database made for the
// run and dropped after it; and the reads the checks make of it, with the server stopped or running.
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openPglite } from '../../apps/server/src/db/pglite-pool.ts';
import type { Snapshot } from './verify.ts';

export type DatabaseKind = 'pglite' | 'postgres' | 'cluster';

export interface ChaosDatabase {
  kind: DatabaseKind;
  /** What the server processes get: DATA_DIR always, DATABASE_URL on PostgreSQL. */
  env: { DATA_DIR: string; DATABASE_URL?: string };
  /** The whole database as it stands (PGlite: a copy of its folder, so the server's own is left as it was). */
  snapshot(): Promise<Snapshot>;
  /** The process id holding a market's lock (cluster), among `pids`; null when no process holds it. */
  ownerOf(marketId: number, pids: number[]): Promise<number | null>;
  /** How many markets have an owner now (cluster). */
  ownedMarkets(): Promise<number>;
  /** Closes the run's connection and leaves the database as it is (to look at after a violation). */
  keep(): Promise<void>;
  drop(): Promise<void>;
}

interface Query {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

export async function openChaosDatabase(kind: DatabaseKind, baseUrl: string): Promise<ChaosDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fit24-chaos-'));
  if (kind === 'pglite') {
    return {
      kind,
      env: { DATA_DIR: dataDir },
      async snapshot() {
        const copy = mkdtempSync(join(tmpdir(), 'fit24-chaos-copy-'));
        try {
          cpSync(join(dataDir, 'db'), copy, { recursive: true });
          const db = await openPglite(copy);
          try {
            return await db.transaction((trx) => readSnapshot(trx));
          } finally {
            await db.close();
          }
        } finally {
          rmSync(copy, { recursive: true, force: true });
        }
      },
      ownerOf: async () => null,
      ownedMarkets: async () => 0,
      keep: async () => {},
      async drop() {
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = `chaos_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString(), application_name: 'fit24-chaos' });
  await client.connect();
  return {
    kind,
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    async snapshot() {
      // One snapshot: in a cluster the processes still alive keep committing meanwhile.
      await client.query('begin transaction isolation level repeatable read read only');
      try {
        return await readSnapshot(client);
      } finally {
        await client.query('commit');
      }
    },
    async ownerOf(marketId, pids) {
      const { rows } = await client.query<{ port: number }>(
        `select a.client_port as port from pg_locks l join pg_stat_activity a on a.pid = l.pid
         where l.locktype = 'advisory' and l.granted and l.objid::text = $1
           and l.database = (select oid from pg_database where datname = current_database())`,
        [String(marketId)],
      );
      const port = rows[0]?.port;
      return port === undefined ? null : (pids.find((pid) => localPortsOf(pid).has(port)) ?? null);
    },
    async ownedMarkets() {
      const { rows } = await client.query<{ n: string }>(
        `select count(*)::text as n from pg_locks l
         where l.locktype = 'advisory' and l.granted
           and l.database = (select oid from pg_database where datname = current_database())`,
      );
      return Number(rows[0]!.n);
    },
    async keep() {
      await client.end();
    },
    async drop() {
      await client.end();
      const again = new pg.Client({ connectionString: baseUrl });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Reads what the checks compare with the clients' answers (ids as numbers, money as bigint). */
async function readSnapshot(db: Query): Promise<Snapshot> {
  const orders = await db.query<{ id: string; user_id: string; status: string; pending: boolean }>(
    'select order_id::text as id, user_id::text, status, pending from orders',
  );
  const transfers = await db.query<{ id: string; from_id: string; to_id: string }>(
    'select transfer_id::text as id, from_user_id::text as from_id, to_user_id::text as to_id from transfers',
  );
  const keys = await db.query<{
    user_id: string;
    route: string;
    key: string;
    answered: boolean;
    id: string | null;
  }>(
    `select user_id::text, route, key, response is not null as answered,
       coalesce(response->'order'->>'order_id', response->'transfer'->>'id') as id
     from idempotency_keys`,
  );
  const supply = await db.query<{
    symbol: string;
    decimals: number;
    users: string;
    fees: string;
    chain: string;
    other: string;
  }>(
    `select a.symbol, a.decimals,
       coalesce(sum(l.balance) filter (where l.user_id is not null), 0)::text as users,
       coalesce(sum(l.balance) filter (where l.system_name = 'fees'), 0)::text as fees,
       coalesce(sum(l.balance) filter (where l.system_name = 'chain'), 0)::text as chain,
       coalesce(sum(l.balance) filter (where l.user_id is null and l.system_name not in ('fees', 'chain')), 0)::text
         as other
     from assets a left join ledger_accounts l on l.asset_id = a.asset_id
     group by a.symbol, a.decimals`,
  );
  const credited = await db.query<{ symbol: string; amount: string }>(
    `select a.symbol, sum(d.amount)::text as amount from deposits d join assets a on a.asset_id = d.asset_id
     where d.status = 'CREDITED' group by a.symbol`,
  );
  return {
    orders: orders.rows.map((r) => ({
      id: Number(r.id),
      userId: Number(r.user_id),
      status: r.status,
      pending: r.pending,
    })),
    transfers: transfers.rows.map((r) => ({
      id: Number(r.id),
      from: Number(r.from_id),
      to: Number(r.to_id),
    })),
    keys: keys.rows.map((r) => ({
      userId: Number(r.user_id),
      route: r.route,
      key: r.key,
      answered: r.answered,
      id: r.id === null ? null : Number(r.id),
    })),
    supply: supply.rows.map((r) => ({
      symbol: r.symbol,
      decimals: r.decimals,
      users: BigInt(r.users),
      fees: BigInt(r.fees),
      chain: BigInt(r.chain),
      other: BigInt(r.other),
    })),
    credited: new Map(credited.rows.map((r) => [r.symbol, BigInt(r.amount)])),
  };
}

/** The local TCP ports of a process's sockets (Linux: its descriptors matched with /proc/net/tcp). */
function localPortsOf(pid: number): Set<number> {
  const inodes = new Set<string>();
  try {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      try {
        const link = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (link) inodes.add(link[1]!);
      } catch {
        // The descriptor closed while it was read.
      }
    }
  } catch {
    return new Set();
  }
  const ports = new Set<number>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length < 10 || !inodes.has(fields[9]!)) continue;
      ports.add(Number.parseInt(fields[1]!.split(':')[1]!, 16));
    }
  }
  return ports;
}
