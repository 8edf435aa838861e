import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
import type { OrderRow } from '../db/schema-trading.ts';
import { insertRows, unnestRows } from '../db/unnest.ts';
import { AppError } from '../http/app-error.ts';
import type { IdempotencyScope } from '../modules/funds/idempotency.ts';
import type { Entry } from '../modules/ledger/ledger.service.ts';
import type { OrderSpec } from '../modules/orders/orders.validation.ts';
import { holdFor, type MarketInfo, show } from './units.ts';

/** An order from a request: checked against its market, neither held nor numbered yet. */
export interface NewOrder {
  userId: bigint;
  spec: OrderSpec;
  /** Its `Idempotency-Key`, when the request carried one. */
  scope: IdempotencyScope | null;
}

/** What the batch made of a new order before matching. */
export type Admission =
  /** Held and numbered; `row` is what the orders table will hold once the batch has matched it. */
  | { kind: 'accepted'; row: OrderRow }
  /** Not held: the balance is short. Nothing about it is written. */
  | { kind: 'refused'; error: AppError }
  /** Its Idempotency-Key was used before: the caller answers the stored answer. */
  | { kind: 'repeat' };

/**
 * Admits a batch's new orders in arrival order, in the batch's transaction, with a constant number of
 * statements (DESIGN §9) whatever their number:
 *   1. claims their Idempotency-Keys in one insert — a key claimed before (or earlier in this batch) is a
 *      repeat;
 *   2. reads every balance they draw on in one SELECT and holds each order's funds in memory, in arrival
 *      order, so that two orders of one user cannot together spend one balance;
 *   3. gives up the keys of refused orders (a retry after a deposit may succeed), and numbers the accepted
 *      orders from the orders sequence in one statement.
 * The holds themselves are written with the batch's other ledger entries (`holdEntries`), whose guarded
 * update is the final word: the balances are read without a lock (a lock taken now and more taken after
 * matching could deadlock with another market's batch), so a balance spent meanwhile by another
 * transaction fails the batch, and the worker runs it again on fresh balances.
 */
export async function admit(
  trx: Database,
  m: MarketInfo,
  orders: readonly NewOrder[],
  now: Date,
): Promise<Admission[]> {
  const admissions: Array<Admission | null> = orders.map(() => null);
  const repeats = await claimKeys(trx, orders, now);
  for (const i of repeats) admissions[i] = { kind: 'repeat' };

  const holds = orders.map((o) => holdFor(m, o.spec));
  const available = await readAvailable(
    trx,
    orders.flatMap((o, i) =>
      admissions[i] === null ? [{ userId: o.userId, assetId: holds[i]!.assetId }] : [],
    ),
  );
  const accepted: number[] = [];
  const refusedKeys: IdempotencyScope[] = [];
  orders.forEach((o, i) => {
    if (admissions[i] !== null) return;
    const hold = holds[i]!;
    const key = balanceKey(o.userId, hold.assetId);
    const balance = available.get(key) ?? 0n;
    if (balance >= hold.amount) {
      available.set(key, balance - hold.amount);
      accepted.push(i);
      return;
    }
    admissions[i] = { kind: 'refused', error: insufficient(m, o.spec, hold.amount) };
    if (o.scope) refusedKeys.push(o.scope);
  });
  await releaseKeys(trx, refusedKeys);

  const ids = await nextOrderIds(trx, accepted.length);
  accepted.forEach((i, n) => {
    const { userId, spec } = orders[i]!;
    admissions[i] = {
      kind: 'accepted',
      row: {
        order_id: ids[n]!,
        user_id: userId,
        market_id: m.marketId,
        side: spec.side,
        type: spec.type,
        price: spec.price,
        amount: spec.amount,
        total: spec.total,
        time_in_force: spec.timeInForce,
        post_only: spec.postOnly,
        status: 'NEW',
        pending: false,
        filled: 0n,
        filled_quote: 0n,
        hold_asset_id: holds[i]!.assetId,
        hold_remaining: holds[i]!.amount,
        cancel_reason: null,
        rest_seq: null,
        created_at: now,
        updated_at: now,
      },
    };
  });
  return admissions as Admission[];
}

/** The ledger entries that hold the accepted orders' funds: available → on hold. */
export function holdEntries(m: MarketInfo, rows: readonly OrderRow[], now: Date): Entry[] {
  return rows.map((row) => ({
    kind: 'ORDER_HOLD',
    refType: 'order',
    refId: row.order_id,
    now,
    legs: [
      {
        from: { userId: row.user_id, kind: 'available' },
        to: { userId: row.user_id, kind: 'on_hold' },
        assetId: row.hold_asset_id,
        amount: holdFor(m, row).amount,
      },
    ],
  }));
}

const balanceKey = (userId: bigint, assetId: number) => `${userId}:${assetId}`;

function insufficient(m: MarketInfo, spec: OrderSpec, needed: bigint): AppError {
  const symbol = spec.side === 'BUY' ? m.quote : m.base;
  const amount = spec.side === 'BUY' ? show.quote(m, needed) : show.base(m, needed);
  return new AppError(
    'UNPROCESSABLE',
    `Insufficient ${symbol} balance: this order needs ${amount} ${symbol}.`,
  );
}

/** Indexes of the orders whose key was already claimed, by an earlier request or earlier in this batch. */
async function claimKeys(trx: Database, orders: readonly NewOrder[], now: Date): Promise<number[]> {
  const first = new Map<string, number>();
  const repeats: number[] = [];
  orders.forEach((o, i) => {
    if (!o.scope) return;
    const id = `${o.userId}:${o.scope.key}`;
    if (first.has(id)) repeats.push(i);
    else first.set(id, i);
  });
  if (first.size === 0) return repeats;
  const scopes = [...first.values()].map((i) => orders[i]!.scope!);
  const { rows } = await sql<{ user_id: bigint; key: string }>`${insertRows('idempotency_keys', scopes, {
    user_id: ['bigint', (s) => s.userId],
    route: ['text', (s) => s.route],
    key: ['text', (s) => s.key],
    request_hash: ['text', (s) => s.requestHash],
    created_at: ['timestamptz', () => now],
  })} on conflict (user_id, route, key) do nothing returning user_id, key`.execute(trx);
  const claimed = new Set(rows.map((r) => `${r.user_id}:${r.key}`));
  for (const [id, i] of first) if (!claimed.has(id)) repeats.push(i);
  return repeats;
}

async function releaseKeys(trx: Database, scopes: readonly IdempotencyScope[]): Promise<void> {
  if (scopes.length === 0) return;
  const v = unnestRows('v', scopes, {
    user_id: ['bigint', (s) => s.userId],
    route: ['text', (s) => s.route],
    key: ['text', (s) => s.key],
  });
  await sql`delete from idempotency_keys k using ${v}
    where k.user_id = v.user_id and k.route = v.route and k.key = v.key`.execute(trx);
}

/** Available balances of these (user, asset) pairs; absent: none yet. */
async function readAvailable(
  trx: Database,
  wanted: readonly { userId: bigint; assetId: number }[],
): Promise<Map<string, bigint>> {
  const balances = new Map<string, bigint>();
  if (wanted.length === 0) return balances;
  const distinct = new Map(wanted.map((w) => [balanceKey(w.userId, w.assetId), w]));
  const v = unnestRows('v', [...distinct.values()], {
    user_id: ['bigint', (w) => w.userId],
    asset_id: ['int', (w) => w.assetId],
  });
  const { rows } = await sql<{ user_id: bigint; asset_id: number; balance: bigint }>`
    select a.user_id, a.asset_id, a.balance from ledger_accounts a
    join ${v} on a.user_id = v.user_id and a.asset_id = v.asset_id
    where a.kind = 'available'`.execute(trx);
  for (const r of rows) balances.set(balanceKey(r.user_id, r.asset_id), r.balance);
  return balances;
}

async function nextOrderIds(trx: Database, count: number): Promise<bigint[]> {
  if (count === 0) return [];
  const { rows } = await sql<{ id: bigint }>`
    select nextval(pg_get_serial_sequence('orders', 'order_id'))::bigint as id
    from generate_series(1, ${count}::int)`.execute(trx);
  return rows.map((r) => r.id).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
