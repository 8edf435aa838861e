import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { DatabaseTarget } from '../db/database.ts';
import { checkOrder, type OrderCreateInput } from '../trading/orders/orders.validation.ts';
import { recordPending } from '../trading/pipeline/admit.ts';
import { deposit } from './funds.ts';
import { type RegisteredUser, registerVerifiedUser } from './identity.ts';
import { createTestApp, type TestApp, type TestEnvelope } from './test-app.ts';

export type Body = Record<string, unknown>;

/** A verified user with devnet deposits already credited, e.g. `{ BTC: '1', USDT: '100000' }`. */
export async function fundedUser(t: TestApp, funds: Record<string, string> = {}): Promise<RegisteredUser> {
  const user = await registerVerifiedUser(t);
  for (const [symbol, amount] of Object.entries(funds)) await deposit(t, user.email, symbol, amount);
  return user;
}

export async function marketIdOf(t: TestApp, symbol: string): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('markets')
    .select('market_id')
    .where('symbol', '=', symbol)
    .executeTakeFirstOrThrow();
  return row.market_id;
}

/** `POST /api/order/create` as the user, answering status and envelope. */
export function createOrder(
  t: TestApp,
  user: RegisteredUser,
  body: Body,
  headers?: Record<string, string>,
): Promise<{ status: number; body: TestEnvelope }> {
  return t.api('POST', '/api/order/create', { token: user.token, body, ...(headers ? { headers } : {}) });
}

/** Places an order that must be accepted; answers the order. */
export async function place(t: TestApp, user: RegisteredUser, body: Body) {
  const { status, body: answer } = await createOrder(t, user, body);
  expect(status, JSON.stringify(answer)).toBe(200);
  return answer.data.order;
}

export async function cancel(t: TestApp, user: RegisteredUser, orderId: number) {
  return t.api('POST', '/api/order/cancel', { token: user.token, body: { order_id: orderId } });
}

export async function marketBalance(t: TestApp, user: RegisteredUser, marketId: number) {
  const { body } = await t.api('GET', `/api/market/user/balance?market_id=${marketId}`, {
    token: user.token,
  });
  return body.data as {
    base: { available: string; on_hold: string };
    quote: { available: string; on_hold: string };
  };
}

export async function orderBook(t: TestApp, user: RegisteredUser, marketId: number) {
  const { body } = await t.api('GET', `/api/market/orderbook?market_id=${marketId}`, { token: user.token });
  return body.data as { bids: [string, string][]; asks: [string, string][]; sequence: number };
}

export async function notifications(t: TestApp, user: RegisteredUser) {
  const { body } = await t.api('GET', '/api/notification/list', { token: user.token });
  return body.data.notifications as Array<{ type: string; title: string; body: string }>;
}

/** Cancels every open order of these users, so that the next test starts from an empty book. */
export async function cancelAllOpen(t: TestApp, users: RegisteredUser[]): Promise<void> {
  for (const user of users) {
    for (;;) {
      const { body } = await t.api('GET', '/api/order/list?status=OPEN', { token: user.token });
      const open = body.data.orders as Array<{ order_id: number }>;
      if (open.length === 0) break;
      for (const o of open) {
        const answer = await cancel(t, user, o.order_id);
        if (answer.status !== 200) throw new Error(`cancel failed: ${JSON.stringify(answer.body)}`);
      }
    }
  }
}

/**
 * An order held and recorded but not matched yet (`pending`), as a process stopped between the two leaves
 * it: how orders reach a market's worker through the database. The worker's next start must match it.
 */
export async function holdUnmatched(t: TestApp, user: RegisteredUser, body: Body): Promise<bigint> {
  const input = body as unknown as OrderCreateInput;
  const m = t.ctx.engine.worker(input.market_id).market;
  const spec = checkOrder(m, input);
  return t.ctx.db
    .transaction()
    .execute((trx) => recordPending(trx, m, BigInt(user.userId), spec, t.ctx.clock.now()));
}

/** The balance of the exchange's fee account in one asset, in base units. */
export async function feeBalance(t: TestApp, symbol: string): Promise<bigint> {
  const row = await t.ctx.db
    .selectFrom('ledger_accounts')
    .innerJoin('assets', 'assets.asset_id', 'ledger_accounts.asset_id')
    .select('ledger_accounts.balance')
    .where('system_name', '=', 'fees')
    .where('assets.symbol', '=', symbol)
    .executeTakeFirst();
  return row?.balance ?? 0n;
}

/** The same storage opened again: a PGlite data directory, or a PostgreSQL schema kept until the end. */
export function reopenable(name: 'pglite' | 'postgres'): (last: boolean) => Promise<TestApp> {
  const target: DatabaseTarget =
    name === 'pglite'
      ? { kind: 'pglite', dataDir: mkdtempSync(join(tmpdir(), 'fit24-restart-')) }
      : {
          kind: 'postgres',
          url: process.env.TEST_DATABASE_URL!,
          schema: `test_${randomBytes(6).toString('hex')}`,
        };
  return async (last) => {
    const t = await createTestApp({
      name,
      target: () => (target.kind === 'postgres' ? { ...target, dropSchemaOnClose: last } : target),
    });
    if (!last || target.kind !== 'pglite') return t;
    return {
      ...t,
      async close() {
        await t.close();
        rmSync(target.dataDir!, { recursive: true, force: true });
      },
    };
  };
}
