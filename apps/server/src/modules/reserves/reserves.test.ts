import { fromBaseUnits, type TReservesProof, type TReservesSnapshot } from '@fit24/contract';
import { verifyProof } from '@fit24/reserves';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { duration } from '../../config-values.ts';
import { toRequest } from '../../ops/commands.ts';
import { deposit } from '../../testing/funds.ts';
import { type RegisteredUser, registerVerifiedUser } from '../../testing/identity.ts';
import { createOperator } from '../../testing/operators.ts';
import { createTestApp, databasesUnderTest, type TestApp } from '../../testing/test-app.ts';
import { marketIdOf, place } from '../../testing/trading.ts';
import { assetBySymbol } from '../funds/assets.service.ts';
import * as ledger from '../ledger/ledger.service.ts';
import { ratioText } from './reserves.mappers.ts';
import { takeSnapshot } from './reserves.service.ts';

describe.each(databasesUnderTest())('proof of reserves on the devnet ($name)', (database) => {
  let t: TestApp;
  let alice: RegisteredUser;
  let bob: RegisteredUser;
  let carol: RegisteredUser;
  let first: TReservesSnapshot;

  beforeAll(async () => {
    t = await createTestApp(database);
    alice = await registerVerifiedUser(t);
    bob = await registerVerifiedUser(t);
    carol = await registerVerifiedUser(t);
    // Every kind of balance a user can hold: available, on hold (a resting order), locked (a grant),
    // staked and the affiliate wallet.
    await deposit(t, alice.email, 'BTC', '1.5');
    await deposit(t, alice.email, 'USDT', '1000');
    await place(t, alice, {
      market_id: await marketIdOf(t, 'BTC/USDT'),
      side: 'BUY',
      type: 'LIMIT',
      price: '20000',
      amount: '0.01',
    });
    expect(
      (await t.ops('POST', '/ops/locked/grant', { email_id: alice.email, symbol: 'FIT24', amount: '100' }))
        .status,
    ).toBe(200);
    await deposit(t, bob.email, 'ETH', '2');
    const fit = await assetBySymbol(t.ctx.db, 'FIT24');
    await ledger.post(t.ctx.db, {
      kind: 'TEST_STAKE_AND_COMMISSION',
      now: t.ctx.clock.now(),
      legs: [
        {
          from: { system: 'chain' },
          to: { userId: BigInt(bob.userId), kind: 'staked' },
          assetId: fit.asset_id,
          amount: 50_0000_0000n,
        },
        {
          from: { system: 'chain' },
          to: { userId: BigInt(bob.userId), kind: 'affiliate_wallet' },
          assetId: fit.asset_id,
          amount: 7_2500_0000n,
        },
      ],
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** What the ledger owes users, per asset symbol, and per user and symbol. */
  const ledgerOwes = async () => {
    const { rows } = await sql<{ user_id: string; symbol: string; total: string }>`
      select l.user_id::text as user_id, a.symbol, sum(l.balance)::text as total
      from ledger_accounts l join assets a on a.asset_id = l.asset_id
      where l.user_id is not null group by l.user_id, a.symbol`.execute(t.ctx.db);
    const perAsset = new Map<string, bigint>();
    const perUser = new Map<string, bigint>();
    for (const r of rows) {
      perAsset.set(r.symbol, (perAsset.get(r.symbol) ?? 0n) + BigInt(r.total));
      perUser.set(`${r.user_id}:${r.symbol}`, BigInt(r.total));
    }
    return { perAsset, perUser };
  };
  const proofOf = (user: RegisteredUser, snapshotId: number | string) =>
    t.api('GET', `/api/reserves/proof?snapshot_id=${snapshotId}`, { token: user.token });

  it('lists no snapshot before the first; the list is public (API key only)', async () => {
    const answer = await t.api('GET', '/api/reserves');
    expect(answer).toMatchObject({ status: 200, body: { error: false, data: { snapshots: [] } } });
    const noKey = await t.app.inject({ method: 'GET', url: '/api/reserves' });
    expect(noKey.statusCode).toBe(403);
  });

  it("publishes an operator's snapshot whose root sums are what the ledger owes users, per asset", async () => {
    const taken = await t.ops('POST', '/ops/reserves/snapshots', {});
    expect(taken.status, taken.body.message).toBe(200);
    first = taken.body.data.snapshot;
    const owes = await ledgerOwes();
    expect(first.assets.map((a) => a.asset)).toEqual(['BTC', 'ETH', 'USDT', 'FIT24']);
    first.assets.forEach((asset, i) => {
      const owed = owes.perAsset.get(asset.asset) ?? 0n;
      expect(first.root.sums[i], asset.asset).toBe(String(owed));
      expect(asset.liabilities).toBe(fromBaseUnits(owed, asset.decimals));
    });
    // FIT24: alice's 100 locked, bob's 50 staked and 7.25 in the affiliate wallet.
    expect(first.assets[3]!.liabilities).toBe('157.25');
    expect(first.assets[0]!.liabilities).toBe('1.5');
    expect(first.user_count).toBe(2); // carol holds nothing: she has no leaf
    const point = await sql<{ n: string }>`select max(entry_id)::text as n from journal_entries`.execute(
      t.ctx.db,
    );
    expect(first.ledger_point).toBe(point.rows[0]!.n);

    const list = await t.api('GET', '/api/reserves');
    expect(list.body.data.snapshots).toEqual([first]);
  });

  it('shows devnet assets as not provable: no reserves and no ratio', () => {
    for (const asset of first.assets)
      expect(asset).toMatchObject({
        provable: false,
        reserves: null,
        ratio: null,
        chain: null,
        block_number: null,
        holdings: [],
      });
  });

  it('gives each user the proof of their own balances, which verifies against the published root', async () => {
    const owes = await ledgerOwes();
    for (const user of [alice, bob]) {
      const answer = await proofOf(user, first.id);
      expect(answer.status, answer.body.message).toBe(200);
      const proof = answer.body.data.proof as TReservesProof;
      expect(proof.leaf.user_id).toBe(String(user.userId));
      expect(proof.snapshot_id).toBe(String(first.id));
      expect(proof.taken_at).toBe(first.taken_at);
      expect(proof.leaf.balances).toEqual(
        first.assets.map((a) => String(owes.perUser.get(`${user.userId}:${a.asset}`) ?? 0n)),
      );
      const verified = verifyProof(proof, { ...first.root, snapshot_id: first.id });
      expect(verified, verified.ok ? '' : verified.reason).toMatchObject({
        ok: true,
        userId: String(user.userId),
      });
      // Served from the cached tree the second time: the same proof.
      expect((await proofOf(user, first.id)).body.data.proof).toEqual(proof);
    }
  });

  it('refuses a proof without a leaf (404), of an unknown snapshot (404), a malformed id (400), without a session', async () => {
    const none = await proofOf(carol, first.id);
    expect(none.status).toBe(404);
    expect(none.body.message).toMatch(/not_in_snapshot/);
    expect((await proofOf(alice, first.id + 1000)).status).toBe(404);
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999999999999', ''])
      expect((await proofOf(alice, bad)).status, bad).toBe(400);
    expect((await t.api('GET', '/api/reserves/proof', { token: alice.token })).status).toBe(400);
    const anonymous = await t.api('GET', `/api/reserves/proof?snapshot_id=${first.id}`);
    expect(anonymous.status).toBe(401);
  });

  it("fails a proof against another snapshot's root, and a proof with a changed balance", async () => {
    await deposit(t, bob.email, 'ETH', '0.5');
    const second = (await t.ops('POST', '/ops/reserves/snapshots', {})).body.data
      .snapshot as TReservesSnapshot;
    expect(second.id).toBeGreaterThan(first.id);
    expect(second.assets[1]!.liabilities).toBe('2.5');
    const list = await t.api('GET', '/api/reserves');
    expect(list.body.data.snapshots.map((s: TReservesSnapshot) => s.id)).toEqual([second.id, first.id]);

    const old = (await proofOf(bob, first.id)).body.data.proof as TReservesProof;
    expect(verifyProof(old, second.root)).toMatchObject({ ok: false });
    const fresh = (await proofOf(bob, second.id)).body.data.proof as TReservesProof;
    expect(verifyProof(fresh, second.root)).toMatchObject({ ok: true });
    const inflated = structuredClone(fresh);
    inflated.leaf.balances[1] = String(BigInt(inflated.leaf.balances[1]!) + 1n);
    expect(verifyProof(inflated, second.root)).toMatchObject({ ok: false });
    // Each snapshot draws new salts: the same balances hash differently.
    expect(fresh.leaf.salt).not.toBe(old.leaf.salt);
  });

  it('refuses to change or delete a published snapshot, its leaves or holdings, in the database itself', async () => {
    const id = BigInt(first.id);
    await expect(
      sql`update reserve_snapshots set root_hash = ${'0'.repeat(64)} where snapshot_id = ${id}`.execute(
        t.ctx.db,
      ),
    ).rejects.toThrow(/never rewritten/);
    await expect(
      sql`delete from reserve_snapshots where snapshot_id = ${id}`.execute(t.ctx.db),
    ).rejects.toThrow(/never rewritten/);
    await expect(
      sql`update reserve_leaves set balances = '{0,0,0,0}' where snapshot_id = ${id}`.execute(t.ctx.db),
    ).rejects.toThrow(/never rewritten/);
    await expect(sql`delete from reserve_leaves where snapshot_id = ${id}`.execute(t.ctx.db)).rejects.toThrow(
      /never rewritten/,
    );
    await expect(
      sql`truncate reserve_leaves, reserve_holdings, reserve_snapshots`.execute(t.ctx.db),
    ).rejects.toThrow(/never rewritten/);
    const list = await t.api('GET', '/api/reserves');
    expect(list.body.data.snapshots.at(-1)).toEqual(first);
  });

  it('lets only operators whose role covers custody take one, and keeps it in their trail', async () => {
    const support = await createOperator(t.ctx, 'support');
    const refused = await t.opsAs({ token: support.token }, 'POST', '/ops/reserves/snapshots', {});
    expect(refused.status).toBe(403);
    const finance = await createOperator(t.ctx, 'finance');
    const done = await t.opsAs({ token: finance.token }, 'POST', '/ops/reserves/snapshots', {});
    expect(done.status).toBe(200);
    expect((await t.ops('POST', '/ops/reserves/snapshots', { extra: 1 })).status).toBe(400);
    const trail = await t.ctx.db
      .selectFrom('ops_trail')
      .select(['operator_id', 'outcome', 'target'])
      .where('action', '=', 'ops.reservesSnapshot')
      .orderBy('entry_id')
      .execute();
    expect(trail.map((r) => [Number(r.operator_id), r.outcome])).toContainEqual([
      support.operatorId,
      'refused',
    ]);
    expect(trail).toContainEqual({
      operator_id: BigInt(finance.operatorId),
      outcome: 'done',
      target: `reserves-snapshot:${done.body.data.snapshot.id}`,
    });
  });

  it('takes a scheduled snapshot only when none was taken in the interval', async () => {
    expect(await takeSnapshot(t.ctx, { schedule: { everySeconds: 3600 } })).toBeNull();
    t.ctx.clock.advance(3600);
    const scheduled = await takeSnapshot(t.ctx, { schedule: { everySeconds: 3600 } });
    expect(scheduled).not.toBeNull();
    const row = await t.ctx.db
      .selectFrom('reserve_snapshots')
      .select('operator_id')
      .where('snapshot_id', '=', BigInt(scheduled!.id))
      .executeTakeFirstOrThrow();
    expect(row.operator_id).toBeNull();
    const list = await t.api('GET', '/api/reserves');
    expect(list.body.data.snapshots[0].id).toBe(scheduled!.id);
  });

  it('publishes one scheduled snapshot when many processes find it due at the same moment', async () => {
    const published = async () =>
      Number(
        (
          await t.ctx.db
            .selectFrom('reserve_snapshots')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    t.ctx.clock.advance(3600);
    const before = await published();
    // As the schedule of 24 server processes at once: each draws an id and builds its tree; the write,
    // under the table lock, checks again that none was published meanwhile.
    const results = await Promise.all(
      Array.from({ length: 24 }, () => takeSnapshot(t.ctx, { schedule: { everySeconds: 3600 } })),
    );
    expect(results.filter((snapshot) => snapshot !== null)).toHaveLength(1);
    expect(await published()).toBe(before + 1);
  });

  it('keeps at most ten snapshots in the public list, newest first', async () => {
    for (let i = 0; i < 8; i++) await takeSnapshot(t.ctx, { operatorId: BigInt(t.admin.operatorId) });
    const ids = (await t.api('GET', '/api/reserves')).body.data.snapshots.map((s: TReservesSnapshot) => s.id);
    expect(ids).toHaveLength(10);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    // An older snapshot, out of the list, still gives its proof.
    expect((await proofOf(alice, first.id)).status).toBe(200);
  });

  it('has the operator CLI command of the call', () => {
    expect(toRequest('reserves-snapshot', [])).toEqual({
      method: 'POST',
      path: '/ops/reserves/snapshots',
      body: {},
    });
  });
});

describe('reserve ratio text', () => {
  it('has four decimals, rounded down', () => {
    expect(ratioText(10375n, 10000n)).toBe('1.0375');
    expect(ratioText(1n, 1n)).toBe('1.0000');
    expect(ratioText(99_999n, 100_000n)).toBe('0.9999');
    expect(ratioText(0n, 7n)).toBe('0.0000');
    expect(ratioText(3n * 10n ** 30n, 10n ** 30n)).toBe('3.0000');
  });
});

describe('RESERVES_SNAPSHOT_EVERY', () => {
  const read = (value: string) => {
    const problems: string[] = [];
    return { seconds: duration(value, 'RESERVES_SNAPSHOT_EVERY', problems), problems };
  };
  it('reads 30m, 6h, 1d and off', () => {
    expect(read('30m')).toEqual({ seconds: 1800, problems: [] });
    expect(read('6h')).toEqual({ seconds: 21_600, problems: [] });
    expect(read(' 1D ')).toEqual({ seconds: 86_400, problems: [] });
    expect(read('off')).toEqual({ seconds: 0, problems: [] });
    expect(read('0')).toEqual({ seconds: 0, problems: [] });
  });
  it('refuses what is not a duration from a minute to a year', () => {
    for (const bad of ['30', '10s', '1w', '-1h', '1.5h', '400d', 'daily', ''])
      expect(read(bad).problems, bad).toEqual([
        `RESERVES_SNAPSHOT_EVERY must be a duration from 1m to 366d such as 30m, 6h or 1d, or off (got "${bad}").`,
      ]);
  });
});
