import type { TMarket, TOrder } from '@fit24/contract';
import { IonButton } from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { Segmented } from '../../../components/ui/Segmented.tsx';
import { useToast } from '../../../components/ui/toast.ts';
import { balancesQueryOptions } from '../../../lib/balances.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import { formatAmount } from '../../../lib/money.ts';
import { cancelOrder, useOrders, useOrderTrades } from '../api/markets.ts';

/** Your open orders (with Cancel) and your order history (tap an order for its trades). */
export function OrdersPanel({ market }: { market: TMarket }) {
  const { t } = useTranslation('markets');
  const [tab, setTab] = useState<'OPEN' | 'ALL'>('OPEN');
  const orders = useOrders(tab);
  const list = (orders.data?.orders ?? []).filter((o) => o.market_id === market.market_id);
  return (
    <div data-testid="orders-panel">
      <Segmented
        value={tab}
        onChange={setTab}
        label={t('orders.label')}
        options={[
          { value: 'OPEN', label: t('orders.open'), testId: 'orders-tab-open' },
          { value: 'ALL', label: t('orders.history'), testId: 'orders-tab-history' },
        ]}
      />
      {orders.isPending ? (
        <p className="fit24-muted">{t('orders.loading')}</p>
      ) : orders.isError ? (
        <LoadError message={orders.error.message} onRetry={() => orders.refetch()} testId="orders-error" />
      ) : list.length === 0 ? (
        <p className="fit24-muted" data-testid="orders-empty">
          {tab === 'OPEN' ? t('orders.noneOpen') : t('orders.none')}
        </p>
      ) : (
        <ul className="orders">
          {tab === 'OPEN'
            ? withOcoPairs(list).map(([o, leg]) => (
                <OpenOrder key={o.order_id} order={o} leg={leg} market={market} />
              ))
            : list.map((o) => <PastOrder key={o.order_id} order={o} market={market} />)}
        </ul>
      )}
    </div>
  );
}

/**
 * The open orders in their order, an OCO's two legs as one entry (its limit leg first, the stop leg with
 * it); a leg whose partner has ended stands alone.
 */
export function withOcoPairs(orders: readonly TOrder[]): [TOrder, TOrder | null][] {
  const byId = new Map(orders.map((o) => [o.order_id, o]));
  const shown = new Set<number>();
  const entries: [TOrder, TOrder | null][] = [];
  for (const order of orders) {
    if (shown.has(order.order_id)) continue;
    const other = order.oco_order_id ? (byId.get(order.oco_order_id) ?? null) : null;
    shown.add(order.order_id);
    if (other) shown.add(other.order_id);
    entries.push(other && order.type !== 'LIMIT' ? [other, order] : [order, other]);
  }
  return entries;
}

/** "BUY STOP-LIMIT", in the language on screen, with an OCO badge on either leg of one. */
function OrderKind({ order }: { order: TOrder }) {
  const { t } = useTranslation('markets');
  return (
    <span className="orders__kind">
      <span className={order.side === 'BUY' ? 'mkt-change--up' : 'mkt-change--down'}>
        {t(`orders.side.${order.side}`)} {t(`orders.type.${order.type}`)}
      </span>
      {order.oco_order_id ? (
        <span className="orders__badge orders__badge--oco" data-testid="order-oco-badge">
          {t('orders.oco')}
        </span>
      ) : null}
    </span>
  );
}

/** A stop's trigger ("Trigger ≥ 31,000.00") and whether it has fired; nothing for a plain order. */
function StopFacts({ order, market }: { order: TOrder; market: TMarket }) {
  const { t } = useTranslation('markets');
  if (!order.stop_price) return null;
  const fired = order.status !== 'UNTRIGGERED' && order.triggered_date;
  const state = order.status === 'UNTRIGGERED' ? 'waiting' : fired ? 'triggered' : null;
  return (
    <span className="orders__stop">
      <span className="mkt-num" data-testid="order-trigger">
        {t(`orders.trigger.${order.trigger_direction ?? 'ABOVE'}`, {
          price: formatAmount(order.stop_price, market.price_decimals),
        })}
      </span>
      {state && (
        <span
          className={`orders__badge orders__badge--${state}`}
          data-testid="order-stop-state"
          data-state={state}
        >
          {t(`orders.stopState.${state}`)}
        </span>
      )}
    </span>
  );
}

function OrderLine({ order, market }: { order: TOrder; market: TMarket }) {
  const { t } = useTranslation('markets');
  return (
    <span className="orders__line">
      <OrderKind order={order} />
      <StopFacts order={order} market={market} />
      <span className="mkt-num">
        {order.amount
          ? formatAmount(order.amount, market.amount_decimals)
          : `${formatAmount(order.total ?? '0', market.price_decimals)} ${market.quote}`}
        {order.price ? ` @ ${formatAmount(order.price, market.price_decimals)}` : ''}
      </span>
      <span className="fit24-muted mkt-num">
        {t('orders.filled', {
          amount: formatAmount(order.filled, 0),
          status: t(`orders.status.${order.status}`),
        })}
      </span>
    </span>
  );
}

/** An open order (or an OCO's two legs) with its Cancel: cancelling either leg of an OCO cancels both. */
function OpenOrder({ order, leg, market }: { order: TOrder; leg: TOrder | null; market: TMarket }) {
  const { t } = useTranslation(['markets', 'common']);
  const toast = useToast();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  async function cancel() {
    setBusy(true);
    try {
      const envelope = await cancelOrder(order.order_id);
      if (envelope.error) toast.error(envelope.message);
      else toast.success(envelope.data.oco_order ? t('orders.ocoCancelled') : t('orders.cancelled'));
      void client.invalidateQueries({ queryKey: ['orders'] });
      void client.invalidateQueries({ queryKey: balancesQueryOptions().queryKey });
    } finally {
      setBusy(false);
    }
  }
  return (
    <li
      className={`orders__item${leg ? ' orders__item--oco' : ''}`}
      data-testid={leg ? 'open-oco' : 'open-order'}
      data-order-id={order.order_id}
    >
      {leg ? (
        <span className="orders__pair">
          <span className="orders__leg" data-testid="open-order" data-order-id={order.order_id}>
            <OrderLine order={order} market={market} />
          </span>
          <span className="orders__leg" data-testid="open-order" data-order-id={leg.order_id}>
            <OrderLine order={leg} market={market} />
          </span>
        </span>
      ) : (
        <OrderLine order={order} market={market} />
      )}
      <IonButton
        size="small"
        fill="outline"
        color="danger"
        disabled={busy}
        onClick={() => void cancel()}
        data-testid="open-order-cancel"
      >
        {leg ? t('orders.cancelOco') : t('common:actions.cancel')}
      </IonButton>
    </li>
  );
}

/**
 * A past order as a row of facts: when, the average price it filled at (null until something filled) and
 * the units filled of those asked (a market buy asks for a total, so only what filled is shown).
 */
function PastOrder({ order, market }: { order: TOrder; market: TMarket }) {
  const { t } = useTranslation('markets');
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
          <OrderKind order={order} />
          <span className="orders__status">{t(`orders.status.${order.status}`)}</span>
        </span>
        <StopFacts order={order} market={market} />
        <span className="orders__facts">
          <span>
            <span className="orders__fact-name">{t('orders.time')}</span>
            <span className="mkt-num" data-testid="past-order-time">
              {formatDateTime(order.creation_date)}
            </span>
          </span>
          <span>
            <span className="orders__fact-name">{t('orders.averagePrice', { quote: market.quote })}</span>
            <span className="mkt-num" data-testid="past-order-avg">
              {order.average_price ? formatAmount(order.average_price, market.price_decimals) : '—'}
            </span>
          </span>
          <span>
            <span className="orders__fact-name">{t('orders.filledOf', { base: market.base })}</span>
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
  const { t } = useTranslation('markets');
  const trades = useOrderTrades(orderId);
  if (trades.isPending) return <p className="fit24-muted">{t('orders.tradesLoading')}</p>;
  if (trades.isError) {
    return (
      <LoadError
        message={trades.error.message}
        onRetry={() => trades.refetch()}
        testId="order-trades-error"
      />
    );
  }
  if (trades.data.trades.length === 0) return <p className="fit24-muted">{t('orders.noTrades')}</p>;
  return (
    <ul className="orders__trades" data-testid="order-trades">
      {trades.data.trades.map((trade) => (
        <li key={trade.trade_id} className="mkt-num">
          {t('orders.trade', {
            amount: formatAmount(trade.amount, 0),
            price: formatAmount(trade.price),
            total: formatAmount(trade.total),
            fee: formatAmount(trade.fee, 0),
            asset: trade.fee_asset,
            role: t(`orders.role.${trade.role}`),
          })}
        </li>
      ))}
    </ul>
  );
}
