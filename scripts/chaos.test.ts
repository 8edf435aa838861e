import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findViolations, type Sent, type Snapshot, type Told } from './chaos/verify.ts';

const SCRIPT = join(import.meta.dirname, 'chaos.ts');

/** `npm run chaos -- …`, answering its exit code and output. */
function chaos(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', SCRIPT, ...args],
      { cwd: join(import.meta.dirname, '..'), maxBuffer: 16 * 1024 * 1024 },
      (error, out, err) => resolve({ code: error ? Number(error.code ?? 1) : 0, out, err }),
    );
  });
}

const order = (id: number, key: string, state: Sent['state'] = 'acked'): Sent => ({
  kind: 'order',
  userId: 7,
  key,
  body: {},
  state,
  id: state === 'acked' ? id : null,
  status: null,
  code: state === 'acked' ? 200 : 422,
});

/** Two acknowledged orders, one transfer, a cancel, and the database that matches them exactly. */
function consistent(): { told: Told; db: Snapshot } {
  const told: Told = {
    deposits: [
      { symbol: 'USDT', amount: '100' },
      { symbol: 'USDT', amount: '50.5' },
    ],
    requests: [
      order(11, 'k1'),
      order(12, 'k2'),
      {
        kind: 'cancel',
        userId: 7,
        key: null,
        body: {},
        state: 'acked',
        id: 12,
        status: 'CANCELLED',
        code: 200,
      },
      { kind: 'transfer', userId: 7, key: 't1', body: {}, state: 'acked', id: 3, status: null, code: 200 },
      order(0, 'k3', 'refused'),
    ],
  };
  const db: Snapshot = {
    orders: [
      { id: 11, userId: 7, status: 'FILLED', pending: false },
      { id: 12, userId: 7, status: 'CANCELLED', pending: false },
    ],
    transfers: [{ id: 3, from: 7, to: 8 }],
    keys: [
      { userId: 7, route: 'order.create', key: 'k1', answered: true, id: 11 },
      { userId: 7, route: 'order.create', key: 'k2', answered: true, id: 12 },
      { userId: 7, route: 'asset.transfer', key: 't1', answered: true, id: 3 },
    ],
    supply: [
      { symbol: 'USDT', decimals: 6, users: 150_400_000n, fees: 100_000n, chain: -150_500_000n, other: 0n },
    ],
    credited: new Map([['USDT', 150_500_000n]]),
  };
  return { told, db };
}

describe('the checks of a chaos run', () => {
  it('pass when the database holds exactly what was acknowledged', () => {
    const { told, db } = consistent();
    expect(findViolations(told, db)).toEqual([]);
  });

  it('catch an acknowledged order that is not in the database', () => {
    const { told, db } = consistent();
    db.orders = db.orders.filter((o) => o.id !== 11);
    db.keys = db.keys.filter((k) => k.key !== 'k1');
    expect(findViolations(told, db)).toEqual([
      'acknowledged order #11 (key k1) is not in the database',
      'acknowledged order #11: its Idempotency-Key k1 answers nothing',
    ]);
  });

  it('catch an order placed twice, a refused request carried out, and a lost cancel', () => {
    const { told, db } = consistent();
    db.orders.push({ id: 13, userId: 7, status: 'NEW', pending: false });
    expect(findViolations(told, db)).toEqual([
      '1 orders in the database that no request was answered with (duplicates)',
    ]);
    db.keys.push({ userId: 7, route: 'order.create', key: 'k3', answered: true, id: 13 });
    expect(findViolations(told, db)).toEqual(['a refused order (key k3) was carried out: order #13']);
    db.orders[1] = { id: 12, userId: 7, status: 'NEW', pending: false };
    expect(findViolations(told, db)).toContain(
      'acknowledged cancel of order #12 is not in the database (NEW)',
    );
  });

  it('allow an order handed to another process that is not answered yet, but no more', () => {
    const { told, db } = consistent();
    db.orders.push({ id: 13, userId: 7, status: 'NEW', pending: true });
    db.keys.push({ userId: 7, route: 'order.create', key: 'k4', answered: false, id: null });
    expect(findViolations(told, db)).toEqual([]);
    db.orders.push({ id: 14, userId: 7, status: 'NEW', pending: true });
    expect(findViolations(told, db)).toEqual([
      '1 orders in the database that no request was answered with (duplicates)',
    ]);
  });

  it('catch a session lost to a kill', () => {
    const { told, db } = consistent();
    told.requests.push({ ...order(0, 'k5', 'refused'), code: 401 });
    expect(findViolations(told, db)).toEqual([
      '1 requests of signed-in users were answered 401 (sessions lost)',
    ]);
  });

  it('catch money that appeared or vanished', () => {
    const { told, db } = consistent();
    db.supply[0] = { ...db.supply[0]!, users: 150_400_001n };
    expect(findViolations(told, db)).toEqual([
      'USDT: users 150400001 + fees 100000 = 150500001, deposited 150500000, credited 150500000, chain account -150500000, other accounts 0 (base units)',
    ]);
  });
});

describe('npm run chaos', () => {
  it('survives 5 kills -9 of the server on PGlite', async () => {
    const { code, out, err } = await chaos('--kills', '5', '--db', 'pglite', '--users', '4', '--quiet');
    expect(code, `${out}\n${err}`).toBe(0);
    expect(out).toContain('chaos: 5 kills survived on pglite');
    expect(out).toMatch(/restart times +min \d+\.\d\d s · median \d+\.\d\d s · max \d+\.\d\d s/);
    expect(Number(/acknowledged +(\d+) requests/.exec(out)?.[1])).toBeGreaterThan(0);
  }, 300_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'survives 5 kills -9 of the server on PostgreSQL',
    async () => {
      const { code, out, err } = await chaos('--kills', '5', '--db', 'postgres', '--users', '4', '--quiet');
      expect(code, `${out}\n${err}`).toBe(0);
      expect(out).toContain('chaos: 5 kills survived on postgres');
      expect(Number(/acknowledged +(\d+) requests/.exec(out)?.[1])).toBeGreaterThan(0);
    },
    240_000,
  );

  it('fails, saying what was violated, when an acknowledged order is missing', async () => {
    const { code, out, err } = await chaos(
      '--kills',
      '1',
      '--db',
      'pglite',
      '--users',
      '2',
      '--sabotage',
      '--quiet',
    );
    expect(code, out).toBe(1);
    expect(err).toContain('VIOLATION after kill 1, before the restart:');
    expect(err).toContain('acknowledged order #2000000000 (key chaos-sabotage) is not in the database');
    expect(err).toContain('chaos: FAILED after 0 of 1 kills');
  }, 300_000);
});
