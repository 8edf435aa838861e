import type { TOrder } from '@fit24/contract';
import { toEpochSeconds } from '../../clock.ts';
import type { OrderRow, TradeRow } from '../../db/schema-trading.ts';
import { type MarketInfo, show } from '../market/units.ts';

/** An order row as the API shows it. `average_price` is rounded down to the market's price decimals. */
export function orderRowToOrder(m: MarketInfo, row: OrderRow): TOrder {
  return {
    order_id: Number(row.order_id),
    market_id: row.market_id,
    side: row.side,
    type: row.type,
    price: row.price === null ? null : show.price(m, row.price),
    amount: row.amount === null ? null : show.amount(m, row.amount),
    total: row.total === null ? null : show.quote(m, row.total),
    filled: show.amount(m, row.filled),
    total_filled: show.quote(m, row.filled_quote),
    average_price: row.filled > 0n ? show.price(m, row.filled_quote / m.quoteFactor / row.filled) : null,
    status: row.status,
    time_in_force: row.time_in_force,
    post_only: row.post_only ? 1 : 0,
    creation_date: toEpochSeconds(row.created_at),
    update_date: toEpochSeconds(row.updated_at),
    stop_price: row.stop_price === null ? null : show.price(m, row.stop_price),
    trigger_direction: row.trigger_direction,
    oco_order_id: row.oco_order_id === null ? null : Number(row.oco_order_id),
    triggered_date: row.triggered_at === null ? null : toEpochSeconds(row.triggered_at),
  };
}

/** What `order.create` and `order.cancel` answer: the order, and the other leg of an OCO. */
export function orderAnswer(
  m: MarketInfo,
  row: OrderRow,
  ocoRow?: OrderRow,
): { order: TOrder; oco_order?: TOrder } {
  const order = orderRowToOrder(m, row);
  return ocoRow === undefined ? { order } : { order, oco_order: orderRowToOrder(m, ocoRow) };
}

/** One trade of an order, seen from that order: its role, and the fee it paid in the asset it received. */
export function tradeRowToOrderTrade(m: MarketInfo, order: OrderRow, row: TradeRow) {
  const maker = row.maker_order_id === order.order_id;
  return {
    trade_id: Number(row.trade_id),
    price: show.price(m, row.price),
    amount: show.amount(m, row.amount),
    total: show.quote(m, row.quote),
    fee:
      order.side === 'BUY'
        ? show.base(m, maker ? row.maker_fee : row.taker_fee)
        : show.quote(m, maker ? row.maker_fee : row.taker_fee),
    fee_asset: order.side === 'BUY' ? m.base : m.quote,
    role: maker ? ('MAKER' as const) : ('TAKER' as const),
    creation_date: toEpochSeconds(row.created_at),
  };
}
