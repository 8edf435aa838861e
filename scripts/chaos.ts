// `npm run chaos -- --kills N --db pglite|postgres|cluster`: kill -9 the server under load, N times, and
// prove after each kill that nothing acknowledged was lost and nothing was done twice.
//
// It builds the server as `npm start` runs it and starts it on a database of its own (PGlite in a
// temporary folder, or a PostgreSQL database made for the run and dropped after it; `cluster` runs two
// processes on it, each market owned by one of them). It makes an operator and verified, funded users over
// the API, then, for each kill: workers place orders (half of them IOC), cancel them and transfer money
// between the users, every order and transfer with an Idempotency-Key; at a random moment the server (in a
// cluster, the owner of a random market) gets SIGKILL. Then:
//   1. what the database holds is checked against every answer the clients were given (scripts/chaos/verify.ts):
//      every acknowledged order, cancel and transfer is there, stored under its key; no order or transfer
//      exists twice or without a request answered with it; a refused request did nothing; what the users
//      and the fee account hold (holds included) equals what was deposited;
//   2. the server is started again (its restart time is measured), every request left without an answer is
//      sent again with its key until it is answered, and the server's own audit (`/ops/audit`) must be clean.
// A last check runs after a clean stop. It prints the kills survived, restart times and requests
// acknowledged, and exits 1 with what was violated.
//
// Options: --kills N (10), --db pglite|postgres|cluster (pglite), --users N (6), --workers N (8),
// --database-url URL (PostgreSQL to make the run's database in: $TEST_DATABASE_URL, else
// postgres://postgres@127.0.0.1:5432/test), --keep (on a violation, leave the database for a look),
// --quiet (the summary only). --sabotage claims one acknowledged order the server never
// stored, at the first kill: the run must then fail (the test that shows the checks can fail).
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  type ChaosUser,
  audit as failedAuditChecks,
  type MarketRef,
  makeOperator,
  makeUser,
  nextRequest,
  send,
  tradedMarkets,
} from './chaos/clients.ts';
import { type ChaosDatabase, type DatabaseKind, openChaosDatabase } from './chaos/database.ts';
import { buildForChaos, killServer, type ServerProcess, startServer, stopServer } from './chaos/servers.ts';
import { findViolations, type Sent, type Told } from './chaos/verify.ts';

const { values } = parseArgs({
  options: {
    kills: { type: 'string', default: '10' },
    db: { type: 'string', default: 'pglite' },
    users: { type: 'string', default: '6' },
    workers: { type: 'string', default: '8' },
    'database-url': { type: 'string' },
    sabotage: { type: 'boolean', default: false },
    quiet: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});

const kills = Number(values.kills);
const kind = values.db as DatabaseKind;
const userCount = Number(values.users);
const workerCount = Number(values.workers);
if (
  !['pglite', 'postgres', 'cluster'].includes(kind) ||
  !(kills >= 1) ||
  !(userCount >= 2) ||
  !(workerCount >= 1)
) {
  console.error('Usage: npm run chaos -- --kills N --db pglite|postgres|cluster [--users N] [--workers N]');
  process.exit(2);
}
const baseUrl =
  values['database-url'] ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const FUNDS = { BTC: '10', ETH: '200', USDT: '2000000' };
const processCount = kind === 'cluster' ? 2 : 1;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line: string) => {
  if (!values.quiet) console.log(line);
};

class Violation extends Error {}

interface Run {
  db: ChaosDatabase;
  main: string;
  servers: ServerProcess[];
  users: ChaosUser[];
  told: Told;
  opsToken: string;
}

const live = (run: Run) =>
  run.servers.filter((s) => s.child.exitCode === null && s.child.signalCode === null);
const pickLive = (run: Run) => {
  const list = live(run);
  return list[Math.floor(Math.random() * list.length)];
};

/** Workers sending requests until `halt` is called; `done` waits for the requests in flight. */
function startLoad(run: Run, markets: MarketRef[]) {
  let running = true;
  const worker = async (i: number) => {
    const user = run.users[i % run.users.length]!;
    while (running) {
      const server = pickLive(run);
      if (!server) return;
      const r = nextRequest(user, run.users, markets, run.told);
      run.told.requests.push(r);
      await send(server.url, user, r);
    }
  };
  const workers = Array.from({ length: workerCount }, (_, i) => worker(i));
  return {
    /** No new requests from now on; those in flight go on. */
    halt() {
      running = false;
    },
    done: () => Promise.all(workers),
  };
}

/** Sends every request left without an answer again, with its key, until each is answered. */
async function resolveUnknowns(run: Run): Promise<number> {
  const unknown = run.told.requests.filter((r) => r.state === 'unknown');
  const byUser = new Map(run.users.map((u) => [u.userId, u]));
  const deadline = Date.now() + 60_000;
  const retry = async (r: Sent) => {
    while (r.state === 'unknown') {
      if (Date.now() > deadline) {
        throw new Violation(
          `a ${r.kind} (key ${r.key}, ${JSON.stringify(r.body)}) never got an answer in 60 s`,
        );
      }
      const server = pickLive(run);
      if (server) await send(server.url, byUser.get(r.userId)!, r);
      if (r.state === 'unknown') await sleep(100);
    }
  };
  for (let i = 0; i < unknown.length; i += 8) await Promise.all(unknown.slice(i, i + 8).map(retry));
  return unknown.length;
}

async function check(run: Run, when: string): Promise<void> {
  const problems = findViolations(run.told, await run.db.snapshot());
  if (problems.length > 0) throw new Violation(`${when}:\n  ${problems.slice(0, 20).join('\n  ')}`);
}

async function auditClean(run: Run, when: string): Promise<void> {
  const failed = await failedAuditChecks(live(run)[0]!.url, run.opsToken);
  if (failed.length > 0) throw new Violation(`${when}:\n  ${failed.join('\n  ')}`);
}

/** Waits until every market has an owner again (a cluster's survivor takes the dead owner's over). */
async function untilOwned(run: Run, markets: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  while ((await run.db.ownedMarkets()) < markets) {
    if (Date.now() > deadline)
      throw new Violation('the markets of the killed owner were not taken over in 30 s');
    await sleep(20);
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const median = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const spread = (list: number[]) =>
  `min ${seconds(Math.min(...list))} · median ${seconds(median(list))} · max ${seconds(Math.max(...list))}`;

async function main(): Promise<number> {
  const began = performance.now();
  const build = await buildForChaos();
  log(`chaos: server built in ${seconds(performance.now() - began)}`);
  const db = await openChaosDatabase(kind, baseUrl);
  const run: Run = {
    db,
    main: build.main,
    servers: [],
    users: [],
    told: { requests: [], deposits: [] },
    opsToken: '',
  };
  const restarts: number[] = [];
  const failovers: number[] = [];
  const checkMs: number[] = [];
  let resolved = 0;
  let survived = 0;
  let kept = false;
  try {
    for (let i = 0; i < processCount; i++) run.servers.push((await startServer(build.main, db.env)).server);
    const url = run.servers[0]!.url;
    log(`chaos: server started in ${seconds(performance.now() - began)} from the beginning`);
    run.opsToken = await makeOperator(url);
    run.users = await Promise.all(
      Array.from({ length: userCount }, (_, n) => makeUser(url, run.opsToken, n + 1, FUNDS, run.told)),
    );
    const { traded: markets, total } = await tradedMarkets(url, run.users[0]!);
    log(
      `chaos: ${kills} kills on ${kind === 'pglite' ? 'PGlite' : kind === 'postgres' ? 'PostgreSQL' : `a cluster of ${processCount} processes on PostgreSQL`}, ${userCount} users, ${workerCount} workers`,
    );

    for (let k = 1; k <= kills; k++) {
      const load = startLoad(run, markets);
      await sleep(300 + Math.random() * 1200);
      let victim = run.servers[0]!;
      if (kind === 'cluster') {
        const market = markets[Math.floor(Math.random() * markets.length)]!;
        const owner = await db.ownerOf(
          market.marketId,
          run.servers.map((s) => s.pid),
        );
        if (owner === null) throw new Violation(`no process owns ${market.symbol}`);
        victim = run.servers.find((s) => s.pid === owner)!;
      }
      // The requests in flight now are those whose answers the kill takes away.
      load.halt();
      const killedAt = performance.now();
      await killServer(victim);
      await load.done();
      if (kind === 'cluster') {
        await untilOwned(run, total);
        failovers.push(performance.now() - killedAt);
      }
      if (values.sabotage && k === 1) {
        run.told.requests.push({
          kind: 'order',
          userId: run.users[0]!.userId,
          key: 'chaos-sabotage',
          body: {},
          state: 'acked',
          id: 2_000_000_000,
          status: null,
          code: 200,
        });
      }
      const checking = performance.now();
      await check(run, `after kill ${k}, before the restart`);
      checkMs.push(performance.now() - checking);

      const { server, ms } = await startServer(build.main, db.env);
      run.servers[run.servers.indexOf(victim)] = server;
      restarts.push(ms);
      const lost = await resolveUnknowns(run);
      resolved += lost;
      await auditClean(run, `after kill ${k} and its restart`);
      // PostgreSQL is read beside the running server; PGlite is one process, read at the next kill.
      if (kind !== 'pglite') await check(run, `after kill ${k}, its restart and the retries`);
      survived = k;
      const acked = run.told.requests.filter((r) => r.state === 'acked').length;
      log(
        `kill ${k}/${kills}: checked in ${seconds(checkMs.at(-1)!)}, restarted in ${seconds(ms)}, ${lost} lost answers resolved; ${acked} acknowledged so far`,
      );
    }

    await auditClean(run, 'at the end');
    for (const server of live(run)) await stopServer(server);
    await check(run, 'after the last clean stop');
  } catch (error) {
    if (!(error instanceof Violation)) throw error;
    console.error(`VIOLATION ${error.message}`);
    console.error(`chaos: FAILED after ${survived} of ${kills} kills`);
    if (values.keep) {
      kept = true;
      console.error(
        `chaos: the database is kept for a look: ${db.env.DATABASE_URL ?? join(db.env.DATA_DIR, 'db')}`,
      );
    }
    return 1;
  } finally {
    for (const server of run.servers) await killServer(server).catch(() => {});
    await (kept ? db.keep() : db.drop());
    build.remove();
  }

  const count = (kind: Sent['kind'], state: Sent['state']) =>
    run.told.requests.filter((r) => r.kind === kind && r.state === state).length;
  const acked = run.told.requests.filter((r) => r.state === 'acked').length;
  const refused = new Map<string, number>();
  for (const r of run.told.requests) {
    const what = `${r.kind}s ${r.code}`;
    if (r.state === 'refused') refused.set(what, (refused.get(what) ?? 0) + 1);
  }
  const refusedCount = [...refused.values()].reduce((a, b) => a + b, 0);
  const refusedCodes = [...refused].map(([what, n]) => `${n} ${what}`).join(', ');
  const took = performance.now() - began;
  console.log(
    [
      `chaos: ${survived} kills survived on ${kind} (${processCount} process${processCount > 1 ? 'es' : ''})`,
      `  restart times    ${spread(restarts)}`,
      ...(failovers.length > 0
        ? [`  market failover  ${spread(failovers)} (kill to every market owned again)`]
        : []),
      `  acknowledged     ${acked} requests: ${count('order', 'acked')} orders, ${count('cancel', 'acked')} cancels, ${count('transfer', 'acked')} transfers`,
      `  refused          ${refusedCount}${refusedCount > 0 ? ` (${refusedCodes})` : ''}`,
      `  lost answers     ${resolved} requests in flight at a kill, all answered again with their keys`,
      `  checks passed    acknowledged in the database, nothing duplicated, supply equals deposits, audit clean (after each of ${survived} kills)`,
      `  took             ${seconds(took)}`,
    ].join('\n'),
  );
  return 0;
}

process.exitCode = await main();
