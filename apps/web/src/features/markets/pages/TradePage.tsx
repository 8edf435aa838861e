import { statsChartOutline } from 'ionicons/icons';
import { useState } from 'react';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { ListSkeleton } from '../../../components/ui/ListSkeleton.tsx';
import { PageShell } from '../../../components/ui/PageShell.tsx';
import { useToast } from '../../../components/ui/toast.ts';
import { formatAmount } from '../../../lib/money.ts';
import { parseId, usePageParam } from '../../../lib/search-params.ts';
import { useOrderFilled } from '../api/live.ts';
import { useMarket, useMarkets } from '../api/markets.ts';
import { LiveBadge } from '../components/LiveBadge.tsx';
import { ChangeText } from '../components/MarketRow.tsx';
import { OrderBook } from '../components/OrderBook.tsx';
import { OrderForm } from '../components/OrderForm.tsx';
import { OrdersPanel } from '../components/OrdersPanel.tsx';
import { PriceChart } from '../components/PriceChart.tsx';
import { RecentTrades } from '../components/RecentTrades.tsx';
import '../components/markets.css';
import '../components/trade.css';

/** /trade?market_id=N: the pair, the live book, recent trades, the order form and your orders. */
export function TradePage() {
  const marketParam = parseId(usePageParam('/trade', 'market_id'));
  const markets = useMarkets();
  // Without a market_id (the home "Trade" action) the first market is shown.
  const marketId = marketParam ?? markets.data?.markets?.[0]?.market_id ?? null;
  const market = useMarket(marketId);
  const [pickedPrice, setPickedPrice] = useState<{ price: string; at: number } | null>(null);
  const m = market.data?.market;
  const toast = useToast();
  // A resting order filled by someone else: say so, the form's own toasts only cover immediate fills.
  useOrderFilled((order) => {
    if (!m || order.market_id !== m.market_id) return;
    toast.success(
      `Your ${order.side === 'BUY' ? 'buy' : 'sell'} order filled: ${formatAmount(order.filled, 0)} ${m.base}` +
        ` at ${formatAmount(order.average_price ?? order.price ?? '')} ${m.quote}`,
    );
  });
  return (
    <PageShell page="trade" title={m ? m.symbol : 'Trade'} backHref="/tabs/markets">
      {market.isError ? (
        <EmptyState icon={statsChartOutline} title="Market unavailable">
          <p className="fit24-muted">{market.error.message}</p>
        </EmptyState>
      ) : !m ? (
        <ListSkeleton label="Loading market" rows={5} />
      ) : (
        <div className="trade">
          <header className="trade__head" data-testid="trade-header">
            <div className="trade__id">
              <div className="trade__pair">
                {m.base}
                <span className="fit24-muted">/{m.quote}</span>
              </div>
              <LiveBadge />
            </div>
            <div className="trade__last">
              <span className="mkt-num trade__last-price" data-testid="trade-last-price">
                {formatAmount(m.last_price)}
              </span>
              <ChangeText change={m.change_24h} testId="trade-change" />
            </div>
            <dl className="trade__stats">
              <div>
                <dt>24h high</dt>
                <dd className="mkt-num">{formatAmount(m.high_24h)}</dd>
              </div>
              <div>
                <dt>24h low</dt>
                <dd className="mkt-num">{formatAmount(m.low_24h)}</dd>
              </div>
              <div>
                <dt>24h vol ({m.base})</dt>
                <dd className="mkt-num">{formatAmount(m.volume_24h)}</dd>
              </div>
            </dl>
          </header>
          {m.status === 'HALTED' && <p className="trade__halted">Trading in this market is halted.</p>}
          <section className="trade__card trade__chart" aria-label="Price chart">
            <PriceChart marketId={m.market_id} priceDecimals={m.price_decimals} />
          </section>
          <section className="trade__card trade__book" aria-label="Order book">
            <h2 className="trade__title">Order book</h2>
            <OrderBook market={m} onPick={(price) => setPickedPrice({ price, at: Date.now() })} />
          </section>
          <section className="trade__card trade__form" aria-label="Place an order">
            <OrderForm market={m} picked={pickedPrice} />
          </section>
          <section className="trade__card trade__trades" aria-label="Recent trades">
            <h2 className="trade__title">Recent trades</h2>
            <RecentTrades market={m} />
          </section>
          <section className="trade__card trade__orders" aria-label="Your orders">
            <OrdersPanel marketId={m.market_id} />
          </section>
        </div>
      )}
    </PageShell>
  );
}
