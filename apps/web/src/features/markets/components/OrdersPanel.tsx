import type { TMarket, TOrder } from '@fit24/contract';
import { IonButton, IonLabel, IonSegment, IonSegmentButton } from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useToast } from '../../../components/ui/toast.ts';
import { balancesQueryOptions } from '../../../lib/balances.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import { formatAmount } from '../../../lib/money.ts';
import { cancelOrder, useOrders, useOrderTrades } from '../api/markets.ts';

/** Your open orders (with Cancel) and your order history (tap an order for its trades). */
export function OrdersPanel({ market }: { market: TMarket }) {
  const [tab, setTab] = useState<'OPEN' | 'ALL'>('OPEN');
  const orders = useOrders(tab);
  const list = (orders.data?.orders ?? []).filter((o) => o.market_id === market.market_id);
  return (
    <div data-testid="orders-panel">
      <IonSegment value={tab} onIonChange={(e) => setTab(e.detail.value === 'ALL' ? 'ALL' : 'OPEN')}>
        <IonSegmentButton value="OPEN" data-testid="orders-tab-open">
          <IonLabel>Open orders</IonLabel>
        </IonSegmentButton>
        <IonSegmentButton value="ALL" data-testid="orders-tab-history">
          <IonLabel>History</IonLabel>
        </IonSegmentButton>
      </IonSegment>
      {orders.isPending ? (
        <p className="fit24-muted">Loading orders…</p>
      ) : orders.isError ? (
        <p className="fit24-muted">{orders.error.message}</p>
      ) : list.length === 0 ? (
        <p className="fit24-muted" data-testid="orders-empty">
          {tab === 'OPEN' ? 'No open orders.' : 'No orders yet.'}
        </p>
      ) : (
        <ul className="orders">
          {list.map((o) =>
            tab === 'OPEN' ? (
              <OpenOrder key={o.order_id} order={o} />
            ) : (
              <PastOrder key={o.order_id} order={o} market={market} />
            ),
          )}
        </ul>
      )}
    </div>
  );
}

function OrderLine({ order }: { order: TOrder }) {
  return (
    <span className="orders__line">
      <span className={order.side === 'BUY' ? 'mkt-change--up' : 'mkt-change--down'}>
        {order.side} {order.type}
      </span>
      <span className="mkt-num">
        {order.amount ? formatAmount(order.amount, 0) : formatAmount(order.total ?? '0')}
        {order.price ? ` @ ${formatAmount(order.price)}` : ''}
      </span>
      <span className="fit24-muted mkt-num">
        filled {formatAmount(order.filled, 0)} · {order.status}
      </span>
    </span>
  );
}

function OpenOrder({ order }: { order: TOrder }) {
  const toast = useToast();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  async function cancel() {
    setBusy(true);
    try {
      const envelope = await cancelOrder(order.order_id);
      if (envelope.error) toast.error(envelope.message);
      else toast.success('Order cancelled');
      void client.invalidateQueries({ queryKey: ['orders'] });
      void client.invalidateQueries({ queryKey: balancesQueryOptions().queryKey });
    } finally {
      setBusy(false);
    }
  }
  return (
    <li className="orders__item" data-testid="open-order" data-order-id={order.order_id}>
      <OrderLine order={order} />
      <IonButton
        size="small"
        fill="outline"
        color="danger"
        disabled={busy}
        onClick={() => void cancel()}
        data-testid="open-order-cancel"
      >
        Cancel
      </IonButton>
    </li>
  );
}

/**
 * A past order as a row of facts: when, the average price it filled at (null until something filled) and
 * the units filled of those asked (a market buy asks for a total, so only what filled is shown).
 */
function PastOrder({ order, market }: { order: TOrder; market: TMarket }) {
  const [open, setOpen] = useState(false);
  const units = formatAmount(order.filled, market.amount_decimals);
  return (
    <li className="orders__item orders__item--col" data-testid="past-order" data-order-id={order.order_id}>
      <button
        type="button"
        className="orders__toggle orders__hist"
        onClick={() => setOpen(!open)}
        aria-expanded={open}
      >
        <span className="orders__hist-top">
          <span className={order.side === 'BUY' ? 'mkt-change--up' : 'mkt-change--down'}>
            {order.side} {order.type}
          </span>
          <span className="orders__status">{order.status}</span>
        </span>
        <span className="orders__facts">
          <span>
            <span className="orders__fact-name">Time</span>
            <span className="mkt-num" data-testid="past-order-time">
              {formatDateTime(order.creation_date)}
            </span>
          </span>
          <span>
            <span className="orders__fact-name">Avg price ({market.quote})</span>
            <span className="mkt-num" data-testid="past-order-avg">
              {order.average_price ? formatAmount(order.average_price, market.price_decimals) : '—'}
            </span>
          </span>
          <span>
            <span className="orders__fact-name">Filled ({market.base})</span>
            <span className="mkt-num" data-testid="past-order-units">
              {order.amount ? `${units} / ${formatAmount(order.amount, market.amount_decimals)}` : units}
            </span>
          </span>
        </span>
      </button>
      {open && <OrderTrades orderId={order.order_id} />}
    </li>
  );
}

function OrderTrades({ orderId }: { orderId: number }) {
  const trades = useOrderTrades(orderId);
  if (trades.isPending) return <p className="fit24-muted">Loading trades…</p>;
  if (trades.isError) return <p className="fit24-muted">{trades.error.message}</p>;
  if (trades.data.trades.length === 0) return <p className="fit24-muted">No trades for this order.</p>;
  return (
    <ul className="orders__trades" data-testid="order-trades">
      {trades.data.trades.map((t) => (
        <li key={t.trade_id} className="mkt-num">
          {formatAmount(t.amount, 0)} @ {formatAmount(t.price)} = {formatAmount(t.total)} · fee{' '}
          {formatAmount(t.fee, 0)} {t.fee_asset} · {t.role}
        </li>
      ))}
    </ul>
  );
}
