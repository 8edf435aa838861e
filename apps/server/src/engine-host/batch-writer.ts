import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
import type { OrderRow } from '../db/schema-trading.ts';
import { insertRows, unnestRows } from '../db/unnest.ts';
import type { HistoryLine } from '../modules/funds/history.ts';
import * as history from '../modules/funds/history.ts';
import { postMany } from '../modules/ledger/ledger.batch.ts';
import type { Entry } from '../modules/ledger/ledger.service.ts';
import { type NotificationRow, notifyMany } from '../modules/notifications/notifications.service.ts';
import { holdEntries } from './intake.ts';
import type { PublicTrade } from './market-data.ts';
import type { Fill, Outcome, Settlement } from './settlement.ts';
import { type MarketInfo, show } from './units.ts';

/**
 * Writes one batch's settlement in the caller's transaction with a constant number of statements
 * (DESIGN §9), whatever the number of orders and fills: the batch's new orders as matched (one multi-row
 * insert), the trades (another), every other touched order (one UPDATE … FROM VALUES), the ledger — new
 * orders' holds, trades, releases — (`postMany`), the history lines, the notifications, the price alerts
 * the trades crossed, and the market's last price and engine sequence.
 */
export async function writeSettlement(
  trx: Database,
  m: MarketInfo,
  s: Settlement,
  sequence: number,
  now: Date,
  opened: OrderRow[],
): Promise<{ trades: PublicTrade[]; notifications: NotificationRow[] }> {
  await insertOrders(trx, opened);
  const tradeIds = await insertTrades(trx, m, s.fills, now);
  const isNew = new Set(opened.map((row) => Number(row.order_id)));
  await updateOrders(
    trx,
    s.outcomes.filter((o) => !isNew.has(o.orderId)),
    now,
  );

  const entries: Entry[] = holdEntries(m, opened, now);
  s.fills.forEach((f, i) => {
    entries.push({
      kind: 'TRADE',
      refType: 'trade',
      refId: tradeIds[i]!,
      now,
      legs: tradeLegs(m, f),
    });
  });
  for (const r of s.releases) {
    entries.push({
      kind: 'ORDER_RELEASE',
      refType: 'order',
      refId: BigInt(r.orderId),
      now,
      legs: [
        {
          from: { userId: BigInt(r.userId), kind: 'on_hold' },
          to: { userId: BigInt(r.userId), kind: 'available' },
          assetId: r.assetId,
          amount: r.amount,
        },
      ],
    });
  }
  if (entries.length > 0) await postMany(trx, entries);

  if (s.fills.length > 0) {
    await history.record(
      trx,
      s.fills.flatMap((f, i) => historyLines(m, f, tradeIds[i]!, now)),
    );
  }
  const filled = s.outcomes.filter((o) => o.filledNow > 0n);
  const notifications = await notifyMany(
    trx,
    filled.map((o) => fillNotice(m, o, now)),
  );
  const last = s.fills[s.fills.length - 1];
  if (last !== undefined) notifications.push(...(await fireAlerts(trx, m, s.fills, now)));
  await sql`update markets set engine_sequence = ${sequence}::bigint,
      last_price = coalesce(${last ? BigInt(last.price) : null}::bigint, last_price)
    where market_id = ${m.marketId}`.execute(trx);

  const time = Math.floor(now.getTime() / 1000);
  const trades = s.fills.map((f, i) => ({
    tradeId: Number(tradeIds[i]),
    price: f.price,
    amount: f.amount,
    takerSide: f.takerSide,
    time,
  }));
  return { trades, notifications };
}

async function insertOrders(trx: Database, rows: OrderRow[]): Promise<void> {
  if (rows.length === 0) return;
  await insertRows('orders', rows, {
    order_id: ['bigint', (r) => r.order_id],
    user_id: ['bigint', (r) => r.user_id],
    market_id: ['int', (r) => r.market_id],
    side: ['text', (r) => r.side],
    type: ['text', (r) => r.type],
    price: ['bigint', (r) => r.price],
    amount: ['bigint', (r) => r.amount],
    total: ['bigint', (r) => r.total],
    time_in_force: ['text', (r) => r.time_in_force],
    post_only: ['boolean', (r) => r.post_only],
    status: ['text', (r) => r.status],
    pending: ['boolean', (r) => r.pending],
    filled: ['bigint', (r) => r.filled],
    filled_quote: ['bigint', (r) => r.filled_quote],
    hold_asset_id: ['int', (r) => r.hold_asset_id],
    hold_remaining: ['bigint', (r) => r.hold_remaining],
    cancel_reason: ['text', (r) => r.cancel_reason],
    rest_seq: ['bigint', (r) => r.rest_seq],
    created_at: ['timestamptz', (r) => r.created_at],
    updated_at: ['timestamptz', (r) => r.updated_at],
  }).execute(trx);
}

async function insertTrades(trx: Database, m: MarketInfo, fills: Fill[], now: Date): Promise<bigint[]> {
  if (fills.length === 0) return [];
  const { rows } = await sql<{
    trade_id: bigint;
    taker_order_id: bigint;
    maker_order_id: bigint;
  }>`${insertRows('trades', fills, {
    market_id: ['int', () => m.marketId],
    price: ['bigint', (f) => f.price],
    amount: ['bigint', (f) => f.amount],
    quote: ['bigint', (f) => f.quote],
    taker_side: ['text', (f) => f.takerSide],
    maker_order_id: ['bigint', (f) => f.makerOrderId],
    taker_order_id: ['bigint', (f) => f.takerOrderId],
    maker_user_id: ['bigint', (f) => f.makerUserId],
    taker_user_id: ['bigint', (f) => f.takerUserId],
    maker_fee: ['bigint', (f) => f.makerFee],
    taker_fee: ['bigint', (f) => f.takerFee],
    created_at: ['timestamptz', () => now],
  })} returning trade_id, taker_order_id, maker_order_id`.execute(trx);
  // A taker meets each maker at most once, so the pair names the trade (RETURNING has no promised order).
  const byPair = new Map(rows.map((r) => [`${r.taker_order_id}:${r.maker_order_id}`, r.trade_id]));
  return fills.map((f) => byPair.get(`${f.takerOrderId}:${f.makerOrderId}`)!);
}

async function updateOrders(trx: Database, outcomes: Outcome[], now: Date): Promise<void> {
  if (outcomes.length === 0) return;
  const v = unnestRows('v', outcomes, {
    order_id: ['bigint', (o) => o.orderId],
    status: ['text', (o) => o.status],
    filled: ['bigint', (o) => o.filled],
    filled_quote: ['bigint', (o) => o.filledQuote],
    hold_remaining: ['bigint', (o) => o.holdRemaining],
    rest_seq: ['bigint', (o) => o.restSeq],
    cancel_reason: ['text', (o) => o.cancelReason],
  });
  await sql`update orders as o set status = v.status, filled = v.filled, filled_quote = v.filled_quote,
      hold_remaining = v.hold_remaining, rest_seq = coalesce(v.rest_seq, o.rest_seq),
      cancel_reason = coalesce(v.cancel_reason, o.cancel_reason), pending = false, updated_at = ${now}
    from ${v} where o.order_id = v.order_id`.execute(trx);
}

/** The seller's base and the buyer's quote leave their holds; each side's fee goes to the fee account. */
function tradeLegs(m: MarketInfo, f: Fill): Entry['legs'] {
  const buyer = BigInt(f.takerSide === 'BUY' ? f.takerUserId : f.makerUserId);
  const seller = BigInt(f.takerSide === 'BUY' ? f.makerUserId : f.takerUserId);
  const buyerFee = f.takerSide === 'BUY' ? f.takerFee : f.makerFee;
  const sellerFee = f.takerSide === 'BUY' ? f.makerFee : f.takerFee;
  const legs: Entry['legs'] = [
    {
      from: { userId: seller, kind: 'on_hold' },
      to: { userId: buyer, kind: 'available' },
      assetId: m.baseAssetId,
      amount: f.base - buyerFee,
    },
    {
      from: { userId: seller, kind: 'on_hold' },
      to: { system: 'fees' },
      assetId: m.baseAssetId,
      amount: buyerFee,
    },
    {
      from: { userId: buyer, kind: 'on_hold' },
      to: { userId: seller, kind: 'available' },
      assetId: m.quoteAssetId,
      amount: f.quote - sellerFee,
    },
    {
      from: { userId: buyer, kind: 'on_hold' },
      to: { system: 'fees' },
      assetId: m.quoteAssetId,
      amount: sellerFee,
    },
  ];
  return legs.filter((leg) => leg.amount > 0n);
}

/** Four lines a trade: what each side paid (negative) and received (with the fee taken from it). */
function historyLines(m: MarketInfo, f: Fill, tradeId: bigint, now: Date): HistoryLine[] {
  const buyer = BigInt(f.takerSide === 'BUY' ? f.takerUserId : f.makerUserId);
  const seller = BigInt(f.takerSide === 'BUY' ? f.makerUserId : f.takerUserId);
  const what = `${show.amount(m, f.amount)} ${m.base} at ${show.price(m, f.price)} ${m.quote} on ${m.symbol}`;
  const line = {
    type: 'TRADE' as const,
    status: 'COMPLETED' as const,
    refType: 'trade',
    refId: tradeId,
    now,
  };
  return [
    {
      ...line,
      userId: buyer,
      assetId: m.baseAssetId,
      amount: f.base,
      fee: f.takerSide === 'BUY' ? f.takerFee : f.makerFee,
      note: `Bought ${what}`,
    },
    { ...line, userId: buyer, assetId: m.quoteAssetId, amount: -f.quote, note: `Bought ${what}` },
    { ...line, userId: seller, assetId: m.baseAssetId, amount: -f.base, note: `Sold ${what}` },
    {
      ...line,
      userId: seller,
      assetId: m.quoteAssetId,
      amount: f.quote,
      fee: f.takerSide === 'SELL' ? f.takerFee : f.makerFee,
      note: `Sold ${what}`,
    },
  ];
}

function fillNotice(m: MarketInfo, o: Outcome, now: Date) {
  const whole = o.status === 'FILLED';
  const average = o.filled > 0n ? o.filledQuote / m.quoteFactor / o.filled : 0n;
  return {
    userId: BigInt(o.userId),
    type: 'ORDER_FILLED' as const,
    title: whole ? 'Order filled' : 'Order partly filled',
    body:
      `Your ${o.side} order on ${m.symbol} ${whole ? 'was filled' : 'was partly filled'}: ` +
      `${show.amount(m, o.filled)} ${m.base} at an average price of ${show.price(m, average)} ${m.quote}.`,
    now,
  };
}

/**
 * Each active alert the batch's trades reached fires once: ABOVE at a trade at or above its price, BELOW
 * at or below. The update claims it (a second batch finds it TRIGGERED) and its notification is written
 * by the same statement.
 */
async function fireAlerts(
  trx: Database,
  m: MarketInfo,
  fills: Fill[],
  now: Date,
): Promise<NotificationRow[]> {
  let high = fills[0]!.price;
  let low = high;
  for (const f of fills) {
    if (f.price > high) high = f.price;
    if (f.price < low) low = f.price;
  }
  const scale = 10n ** BigInt(m.priceDecimals);
  const { rows } = await sql<NotificationRow>`
    with fired as (
      update alerts set status = 'TRIGGERED', triggered_at = ${now}
      where market_id = ${m.marketId} and status = 'ACTIVE'
        and ((condition = 'ABOVE' and price <= ${BigInt(high)}::bigint)
          or (condition = 'BELOW' and price >= ${BigInt(low)}::bigint))
      returning user_id, condition, price
    )
    insert into notifications (user_id, type, title, body, is_read, created_at)
    select user_id, 'PRICE_ALERT', ${`${m.symbol} price alert`}::text,
      ${m.symbol}::text || ' traded ' || case when condition = 'ABOVE' then 'at or above ' else 'at or below ' end
        || trim_scale(price::numeric / ${scale}::numeric)::text || ' ' || ${m.quote}::text || '.',
      false, ${now}::timestamptz
    from fired
    returning *`.execute(trx);
  return rows;
}
