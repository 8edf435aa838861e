/**
 * A proof-of-reserves snapshot of 100,000 users (issue 16), on PostgreSQL when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL is set, else on PGlite: the time to seed them, the snapshot as the operators' route
 * takes it (split into the consistent read, the tree build and the write of the leaves), the memory around
 * it, then one user's proof over HTTP, the first time with the tree rebuilt from the stored leaves and the
 * next from the cached tree, verified against the published root. Prints figures; throws if the proof or
 * the ledger does not check out.
 *
 *   node --import tsx apps/server/bench/reserves.bench.ts
 *
 * BENCH_USERS (default 100000) sets the number of users. Devnet only: no chain, so no asset is provable.
 */
import { randomBytes } from 'node:crypto';
import type { TReservesProof, TReservesSnapshot } from '@fit24/contract';
import { verifyProof } from '@fit24/reserves';
import { sql } from 'kysely';
import type { Database } from '../src/db/database.ts';
import { createSession } from '../src/modules/auth/sessions.service.ts';
import { ledgerChecks } from '../src/modules/ledger/ledger.audit.ts';
import { takeSnapshot } from '../src/modules/reserves/reserves.service.ts';
import { createOperator } from '../src/testing/operators.ts';
import { TEST_API_KEY } from '../src/testing/test-app.ts';
import { benchApp } from './bench-app.ts';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);

/**
 * Users with balances, written in SQL from `generate_series` (no parameter grows with the count): user i
 * holds asset k (in the exchange's order) when k + 1 divides i, some of it locked when 5(k + 1) does, some
 * in the affiliate wallet when 7(k + 1) does, so everyone holds the first asset and about 2.8 accounts each.
 * One journal entry posts every balance against the `demo` system account, so the ledger's invariants hold
 * (every balance is the sum of its postings, each asset sums to zero). No on-hold and no staked balance:
 * the audit matches those with orders, withdrawals and stakes.
 */
async function seedHolders(db: Database, count: number, now: Date): Promise<bigint[]> {
  return db.transaction().execute(async (trx) => {
    await sql`create temp table bench_holders (user_id bigint primary key, i integer not null) on commit drop`.execute(
      trx,
    );
    const tag = randomBytes(3).toString('hex');
    await sql`with u as (
        insert into users (name, email, password_hash, mobile, country_code, referral_code, is_email_verified,
          is_mobile_verified, created_at)
        select 'Holder ' || i, 'reserves-' || ${tag} || '-' || i || '@example.com', 'x',
          '+4475' || lpad(i::text, 8, '0'), 'GB', upper('R' || ${tag} || i), true, true, ${now}
        from generate_series(1, ${count}::integer) as i
        returning user_id)
      insert into bench_holders (user_id, i) select user_id, row_number() over (order by user_id) from u`.execute(
      trx,
    );
    await sql`analyze bench_holders`.execute(trx);
    await sql`with a as (
        select asset_id, decimals, row_number() over (order by sort_order, asset_id) as k from assets),
      p(kind, every, salt) as (values ('available', 1, 1), ('locked', 5, 2), ('affiliate_wallet', 7, 3))
      insert into ledger_accounts (user_id, asset_id, kind, balance)
      select h.user_id, a.asset_id, p.kind,
        1 + (h.i::bigint * 7919 + a.asset_id * 104729 + p.salt * 15485863)
          % (1000 * power(10::numeric, a.decimals))::bigint
      from bench_holders h cross join a cross join p
      where h.i % (p.every * a.k) = 0`.execute(trx);
    await sql`insert into ledger_accounts (system_name, asset_id, kind)
      select 'demo', asset_id, 'system' from assets on conflict do nothing`.execute(trx);
    await sql`with e as (
        insert into journal_entries (kind, memo, created_at)
        values ('BENCH_RESERVES', 'reserves bench balances', ${now}) returning entry_id),
      held as (
        select l.account_id, l.asset_id, l.balance from ledger_accounts l join bench_holders h using (user_id)),
      owed as (select asset_id, sum(balance)::bigint as total from held group by asset_id),
      demo as (
        update ledger_accounts s set balance = s.balance - owed.total from owed
        where s.system_name = 'demo' and s.kind = 'system' and s.asset_id = owed.asset_id
        returning s.account_id, s.asset_id, -owed.total as amount)
      insert into postings (entry_id, account_id, asset_id, amount)
      select e.entry_id, x.account_id, x.asset_id, x.amount from e,
        (select account_id, asset_id, balance as amount from held union all select * from demo) x`.execute(
      trx,
    );
    const { rows } = await sql<{ user_id: string }>`
      select user_id::text as user_id from bench_holders order by i`.execute(trx);
    return rows.map((r) => BigInt(r.user_id));
  });
}

interface Span {
  start: number;
  end: number;
}

/**
 * The same database handle, timing each transaction it runs (begin to commit): the snapshot's read and
 * its write are the service's two transactions, so the split is of the real call, not of a replica.
 * It is another object than the app's handle, so the tree the snapshot keeps is cached under it alone: the
 * app's first proof rebuilds the tree from the stored leaves, as after a restart.
 */
function timingTransactions(db: Database, spans: Span[]): Database {
  type Builder = ReturnType<Database['transaction']>;
  const bind = <T extends object>(target: T, key: string | symbol) => {
    const value = Reflect.get(target, key, target);
    return typeof value === 'function' ? value.bind(target) : value;
  };
  const timed = (builder: Builder): Builder =>
    new Proxy(builder, {
      get(target, key) {
        if (key === 'execute')
          return async (run: Parameters<Builder['execute']>[0]) => {
            const span = { start: performance.now(), end: 0 };
            spans.push(span);
            try {
              return await target.execute(run);
            } finally {
              span.end = performance.now();
            }
          };
        if (key === 'setIsolationLevel' || key === 'setAccessMode')
          return (...args: unknown[]) => timed(bind(target, key)(...args));
        return bind(target, key);
      },
    });
  return new Proxy(db, {
    get: (target, key) => (key === 'transaction' ? () => timed(target.transaction()) : bind(target, key)),
  });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const memory = () => {
  globalThis.gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  return `RSS ${mb(rss)}, heap ${mb(heapUsed)}`;
};
const fail = (message: string): never => {
  throw new Error(message);
};

async function main(): Promise<void> {
  const { app, ctx, name, close } = await benchApp();
  try {
    const now = ctx.clock.now();
    let started = performance.now();
    const holders = await seedHolders(ctx.db, USERS, now);
    const seeded = performance.now() - started;
    const accounts = await sql<{ n: string }>`
      select count(*)::text as n from ledger_accounts where user_id is not null`.execute(ctx.db);
    started = performance.now();
    for (const check of ledgerChecks) {
      const result = await check(ctx);
      if (!result.ok) fail(`ledger audit: ${result.name}: ${result.detail}`);
    }
    const audited = performance.now() - started;

    // The operators' route calls takeSnapshot(ctx, { operatorId }): so does the bench, as a finance operator.
    const operator = await createOperator(ctx, 'finance');
    const spans: Span[] = [];
    const before = memory();
    started = performance.now();
    const snapshot = (await takeSnapshot(
      { ...ctx, db: timingTransactions(ctx.db, spans) },
      { operatorId: BigInt(operator.operatorId) },
    ))!;
    const took = performance.now() - started;
    const peak = process.resourceUsage().maxRSS * 1024;
    const after = memory();
    if (spans.length !== 2) fail(`the snapshot ran ${spans.length} transactions, the bench expects 2`);
    const [read, write] = spans as [Span, Span];
    const leaves = await sql<{ n: string }>`
      select count(*)::text as n from reserve_leaves where snapshot_id = ${snapshot.id}`.execute(ctx.db);
    const owed = await sql<{ total: string }>`
      select coalesce(sum(l.balance), 0)::text as total from assets a
      left join ledger_accounts l on l.asset_id = a.asset_id and l.user_id is not null
      group by a.asset_id, a.sort_order order by a.sort_order, a.asset_id`.execute(ctx.db);
    const sums = owed.rows.map((r) => r.total);
    if (sums.join() !== snapshot.root.sums.join())
      fail(`root sums ${snapshot.root.sums} are not what the ledger owes users (${sums})`);

    // Holder 42,000 holds every asset in every seeded kind (420, the lcm of 5k and 7k for k ≤ 4, divides it).
    const userId = holders[Math.min(holders.length, 42_000) - 1]!;
    const { token } = await createSession(ctx.db, now, userId, { device: 'bench', ip: '127.0.0.1' });
    const headers = { 'x-api-key': TEST_API_KEY };
    const proofOnce = async () => {
      const start = performance.now();
      const answer = await app.inject({
        method: 'GET',
        url: `/api/reserves/proof?snapshot_id=${snapshot.id}`,
        headers: { ...headers, authorization: `Bearer ${token}` },
      });
      const ms = performance.now() - start;
      if (answer.statusCode !== 200) fail(`proof: ${answer.statusCode} ${answer.body}`);
      return { ms, proof: answer.json().data.proof as TReservesProof, body: answer.body };
    };
    // A warm-up of the HTTP path (session, query parsing, the 404): the first proof then times the rebuild.
    const warm = await app.inject({
      method: 'GET',
      url: `/api/reserves/proof?snapshot_id=${snapshot.id + 1}`,
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
    if (warm.statusCode !== 404) fail(`proof of a snapshot to come: ${warm.statusCode}, not 404`);
    const first = await proofOnce();
    const next = await proofOnce();
    if (next.body !== first.body) fail('the cached tree served another proof than the rebuilt one');
    const list = await app.inject({ method: 'GET', url: '/api/reserves', headers });
    const published = (list.json().data.snapshots as TReservesSnapshot[]).find((s) => s.id === snapshot.id);
    if (!published) fail(`snapshot ${snapshot.id} is not in GET /api/reserves`);
    const root = published!;
    const verified = verifyProof(first.proof, {
      ...root.root,
      snapshot_id: root.id,
      assets: root.assets.map((a) => a.asset),
      decimals: root.assets.map((a) => a.decimals),
    });
    if (!verified.ok) fail(`the proof does not verify against the published root: ${verified.reason}`);
    if (verified.ok && verified.userId !== String(userId)) fail(`the proof is of user ${verified.userId}`);
    const mine = await sql<{ total: string }>`
      select coalesce(sum(l.balance), 0)::text as total from assets a
      left join ledger_accounts l on l.asset_id = a.asset_id and l.user_id = ${userId}
      group by a.asset_id, a.sort_order order by a.sort_order, a.asset_id`.execute(ctx.db);
    if (mine.rows.map((r) => r.total).join() !== first.proof.leaf.balances.join())
      fail(`the leaf's balances ${first.proof.leaf.balances} are not the user's in the ledger`);

    const n = (value: string | number) => Number(value).toLocaleString('en');
    console.log(`\n${name}: proof-of-reserves snapshot of ${n(USERS)} users`);
    console.log(
      `  seed (set-based SQL)          ${seconds(seeded)}   ${n(holders.length)} users, ` +
        `${n(accounts.rows[0]!.n)} ledger accounts, one journal entry (ledger audit ${seconds(audited)}, ok)`,
    );
    console.log(
      `  snapshot (takeSnapshot)       ${seconds(took)}   ${n(leaves.rows[0]!.n)} leaves × ${root.assets.length} assets ` +
        `(${root.assets.map((a) => a.asset).join(', ')}), root ${root.root.hash.slice(0, 16)}…`,
    );
    console.log(`    consistent read             ${seconds(read.end - read.start)}   (repeatable read)`);
    console.log(
      `    tree build                  ${seconds(write.start - read.end)}   (id, salts, leaf and node hashes; no chain on devnet)`,
    );
    console.log(
      `    write of the leaves         ${seconds(write.end - write.start)}   (snapshot row and leaves)`,
    );
    console.log(`  memory before the snapshot    ${before}`);
    console.log(`  memory after the snapshot     ${after}   (peak RSS of the process ${mb(peak)})`);
    console.log(
      `  first proof over HTTP         ${first.ms.toFixed(0)} ms   (tree rebuilt from stored leaves)`,
    );
    console.log(`  next proof over HTTP          ${next.ms.toFixed(1)} ms   (cached tree)`);
    console.log(
      `  proof of user ${userId} verified against the published root: ${verified.ok ? verified.steps : 0} steps, ` +
        `${first.body.length.toLocaleString('en')} bytes`,
    );
    console.log(`  memory at the end             ${memory()}`);
  } finally {
    await close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
