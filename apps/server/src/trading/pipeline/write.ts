// Stage 4 of 4 — WRITE: one transaction per batch, one statement of data-modifying CTEs: the orders,
// trades, ledger, history, alerts, notifications, the market's sequence and the keys' answers.
import { type RawBuilder, sql } from 'kysely';
import { type Database, PREPARED } from '../../db/database.ts';
import type { OrderRow } from '../../db/schema-trading.ts';
import { insertRows, unnestRows } from '../../db/unnest.ts';
import * as keysRepo from '../../http/idempotency.repository.ts';
import type { IdempotencyClaim } from '../../http/idempotency.ts';
import type { HistoryLine } from '../../modules/funds/history.ts';
import * as history from '../../modules/funds/history.ts';
import { type AccountIds, ledgerParts } from '../../modules/ledger/ledger.batch.ts';
import type { Entry } from '../../modules/ledger/ledger.service.ts';
import { firedAlertRows } from '../../modules/notifications/alert-notices.ts';
import {
  insertLocalized,
  localizedRows,
  type NotificationInsert,
} from '../../modules/notifications/notifications.repository.ts';
import { links, type NotificationRow, toInsert } from '../../modules/notifications/notifications.service.ts';
import { CHANNELS, notifySql } from '../cluster/lock.ts';
import type { PublicTrade } from '../market/market-data.ts';
import { type MarketInfo, show } from '../market/units.ts';
import { holdEntries } from './admit.ts';
import type { Fill, Outcome, PlacedOrder, Settlement } from './settle.ts';

/** A command as the engine ran it, logged for the processes that follow the market. */
export type LoggedCommand = { place: PlacedOrder } | { cancel: number };

/** What a batch writes besides its settlement. */
export interface BatchExtras {
  /** The engine sequence before the batch, and the batch's commands in the order they ran (null: not logged). */
  fromSequence: number;
  commands: LoggedCommand[] | null;
  /** The batch's new orders, as matched, and what each held when admitted (by id). */
  opened: OrderRow[];
  holds: ReadonlyMap<number, bigint>;
  /** Ids for the fills, at least one per fill, in order. */
  tradeIds: bigint[];
  /** Answers to store under the Idempotency-Keys the batch claimed. */
  answers: { claim: IdempotencyClaim; answer: unknown }[];
  /** Keys the batch claimed for orders it refused or the book REJECTED: given up, so a retry may run. */
  refusedKeys: IdempotencyClaim[];
  /** Ledger account ids already known (the worker's). */
  accountIds: AccountIds;
}

/**
 * Writes one batch's settlement in the caller's transaction as ONE statement of data-modifying CTEs
 * (DESIGN §9) — one round trip whatever the number of orders and fills (two when the batch touches a
 * ledger account for the first time): the new orders as matched, every other touched order, the trades,
 * the ledger (new orders' holds, trades, releases), the history lines, the price alerts the trades
 * crossed and the notifications of fills and alerts, the market's last price and engine sequence, and
 * the Idempotency-Keys' answers. Constraints are checked at the end of the statement, so rows inserted by
 * one part may be referenced by another.
 */
export async function writeSettlement(
  trx: Database,
  m: MarketInfo,
  s: Settlement,
  sequence: number,
  now: Date,
  extras: BatchExtras,
): Promise<{ trades: PublicTrade[]; notifications: NotificationRow[]; resolved: AccountIds }> {
  const { opened } = extras;
  const tradeIds = extras.tradeIds.slice(0, s.fills.length);
  if (tradeIds.length < s.fills.length) throw new Error('a batch has fills without trade ids');
  const isNew = new Set(opened.map((row) => Number(row.order_id)));
  const touched = s.outcomes.filter((o) => !isNew.has(o.orderId));
  const filled = s.outcomes.filter((o) => o.filledNow > 0n);
  const last = s.fills[s.fills.length - 1];

  const entries = ledgerEntries(m, s, opened, extras.holds, tradeIds, now);
  const ledger = await ledgerParts(trx, entries, extras.accountIds);
  const ctes: RawBuilder<unknown>[] = [];
  const add = (name: string, statement: RawBuilder<unknown>) =>
    ctes.push(sql`${sql.id(name)} as (${statement})`);
  if (opened.length > 0) add('new_orders', insertOrders(opened));
  if (touched.length > 0) add('touched_orders', updateOrders(touched, now));
  if (s.fills.length > 0) add('new_trades', insertTrades(m, s.fills, tradeIds, now));
  ctes.push(...ledger.ctes);
  if (s.fills.length > 0) {
    add('history', history.insertLines(s.fills.flatMap((f, i) => historyLines(m, f, tradeIds[i]!, now))));
    add('fired', fireAlerts(m, s.fills, now));
  }
  const noticed = s.fills.length > 0;
  if (noticed) add('notices', insertNotices(m, filled, s.fills.length > 0, now));
  // Logged when the book moved (a batch of refused orders and unknown cancels changes nothing to follow).
  if (sequence !== extras.fromSequence)
    add(
      'logged',
      sql`insert into market_batches (market_id, from_sequence, sequence, commands, trade_ids, created_at)
      values (${m.marketId}, ${extras.fromSequence}::bigint, ${sequence}::bigint,
        ${JSON.stringify(extras.commands)}::jsonb, ${JSON.stringify(tradeIds.map(String))}::jsonb, ${now})`,
    );
  // RETURNING runs for the updated row whether or not anything reads it: the followers hear of the batch
  // when it commits (NOTIFY is delivered at commit).
  add(
    'market',
    sql`update markets set engine_sequence = ${sequence}::bigint,
      last_price = coalesce(${last ? BigInt(last.price) : null}::bigint, last_price)
    where market_id = ${m.marketId}
    returning ${notifySql(CHANNELS.batches, String(m.marketId))}`,
  );
  if (extras.answers.length > 0) add('answers', keysRepo.saveAnswers(extras.answers));
  if (extras.refusedKeys.length > 0) add('released', keysRepo.release(extras.refusedKeys));
  const { rows } = await sql<NotificationRow>`${sql.raw(PREPARED)}with ${sql.join(ctes, sql`, `)}
    ${noticed ? sql`select * from notices` : sql`select null as notification_id where false`}`.execute(trx);

  const time = Math.floor(now.getTime() / 1000);
  const trades = s.fills.map((f, i) => ({
    tradeId: Number(tradeIds[i]),
    price: f.price,
    amount: f.amount,
    takerSide: f.takerSide,
    time,
  }));
  return { trades, notifications: rows, resolved: ledger.resolved };
}

/** Holds of the new orders, one entry per trade, and the releases. */
function ledgerEntries(
  m: MarketInfo,
  s: Settlement,
  opened: OrderRow[],
  holds: ReadonlyMap<number, bigint>,
  tradeIds: bigint[],
  now: Date,
): Entry[] {
  const entries: Entry[] = holdEntries(opened, holds, now);
  s.fills.forEach((f, i) => {
    entries.push({ kind: 'TRADE', refType: 'trade', refId: tradeIds[i]!, now, legs: tradeLegs(m, f) });
  });
  for (const h of s.holds) {
    entries.push({
      kind: 'ORDER_HOLD',
      refType: 'order',
      refId: BigInt(h.orderId),
      now,
      legs: [
        {
          from: { userId: BigInt(h.userId), kind: 'available' },
          to: { userId: BigInt(h.userId), kind: 'on_hold' },
          assetId: h.assetId,
          amount: h.amount,
        },
      ],
    });
  }
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
  return entries;
}

function insertOrders(rows: OrderRow[]): RawBuilder<unknown> {
  return insertRows('orders', rows, {
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
    stop_price: ['bigint', (r) => r.stop_price],
    trigger_direction: ['text', (r) => r.trigger_direction],
    oco_order_id: ['bigint', (r) => r.oco_order_id],
    triggered_at: ['timestamptz', (r) => r.triggered_at],
    created_at: ['timestamptz', (r) => r.created_at],
    updated_at: ['timestamptz', (r) => r.updated_at],
  });
}

function insertTrades(m: MarketInfo, fills: Fill[], tradeIds: bigint[], now: Date): RawBuilder<unknown> {
  const ids = new Map(fills.map((f, i) => [f, tradeIds[i]!]));
  return insertRows('trades', fills, {
    trade_id: ['bigint', (f) => ids.get(f)],
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
  });
}

function updateOrders(outcomes: Outcome[], now: Date): RawBuilder<unknown> {
  const v = unnestRows('v', outcomes, {
    order_id: ['bigint', (o) => o.orderId],
    status: ['text', (o) => o.status],
    filled: ['bigint', (o) => o.filled],
    filled_quote: ['bigint', (o) => o.filledQuote],
    hold_remaining: ['bigint', (o) => o.holdRemaining],
    rest_seq: ['bigint', (o) => o.restSeq],
    cancel_reason: ['text', (o) => o.cancelReason],
    triggered: ['boolean', (o) => o.triggered],
  });
  return sql`update orders as o set status = v.status, filled = v.filled, filled_quote = v.filled_quote,
      hold_remaining = v.hold_remaining, rest_seq = coalesce(v.rest_seq, o.rest_seq),
      cancel_reason = coalesce(v.cancel_reason, o.cancel_reason), pending = false,
      triggered_at = case when v.triggered then ${now}::timestamptz else o.triggered_at end, updated_at = ${now}
    from ${v} where o.order_id = v.order_id`;
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

function fillNotice(m: MarketInfo, o: Outcome, now: Date): NotificationInsert {
  const average = o.filled > 0n ? o.filledQuote / m.quoteFactor / o.filled : 0n;
  const params = {
    side: o.side,
    symbol: m.symbol,
    base: m.base,
    quote: m.quote,
    whole: o.status === 'FILLED',
    filled: show.amount(m, o.filled),
    averagePrice: show.price(m, average),
  };
  return toInsert(BigInt(o.userId), { type: 'ORDER_FILLED', params, link: links.trade(m.marketId) }, now);
}

/**
 * Each active alert the batch's trades reached fires once: ABOVE at a trade at or above its price, BELOW
 * at or below. The update claims it (a later batch finds it TRIGGERED); `insertNotices` writes its
 * notification in the same statement.
 */
function fireAlerts(m: MarketInfo, fills: Fill[], now: Date): RawBuilder<unknown> {
  let high = fills[0]!.price;
  let low = high;
  for (const f of fills) {
    if (f.price > high) high = f.price;
    if (f.price < low) low = f.price;
  }
  return sql`update alerts set status = 'TRIGGERED', triggered_at = ${now}
    where market_id = ${m.marketId} and status = 'ACTIVE'
      and ((condition = 'ABOVE' and price <= ${BigInt(high)}::bigint)
        or (condition = 'BELOW' and price >= ${BigInt(low)}::bigint))
    returning user_id, condition, price`;
}

/** The fill notices, and (`alerts`: the `fired` CTE exists) the fired alerts' notices; returns the rows. */
function insertNotices(m: MarketInfo, filled: Outcome[], alerts: boolean, now: Date): RawBuilder<unknown> {
  const fills = localizedRows(filled.map((o) => fillNotice(m, o, now)));
  return insertLocalized(alerts ? sql`${fills} union all ${firedAlertRows(m, 'fired', now)}` : fills);
}
