import type { TMarketDetail } from '@fit24/contract';
import { statsChartOutline } from 'ionicons/icons';
import { useRef, useState } from 'react';
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
import { OrderForm } from '../components/OrderForm.tsx';
import { OrdersPanel } from '../components/OrdersPanel.tsx';
import { TradePanes } from '../components/TradePanes.tsx';
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
  const orders = useRef<HTMLElement>(null);
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
          <TradeHeader market={m} />
          {m.status === 'HALTED' && <p className="trade__halted">Trading in this market is halted.</p>}
          <TradePanes
            market={m}
            onPick={(price) => setPickedPrice({ price, at: Date.now() })}
            orders={orders}
          />
          <section className="trade__card trade__form" aria-label="Place an order">
            <OrderForm market={m} picked={pickedPrice} />
          </section>
          <section className="trade__card trade__orders" aria-label="Your orders" ref={orders}>
            <OrdersPanel market={m} />
          </section>
        </div>
      )}
    </PageShell>
  );
}

/** The pair, its live last price and change, and the 24h figures. */
function TradeHeader({ market }: { market: TMarketDetail }) {
  return (
    <header className="trade__head" data-testid="trade-header">
      <div className="trade__id">
        <div className="trade__pair">
          {market.base}
          <span className="fit24-muted">/{market.quote}</span>
        </div>
        <LiveBadge />
      </div>
      <div className="trade__last">
        <span className="mkt-num trade__last-price" data-testid="trade-last-price">
          {formatAmount(market.last_price)}
        </span>
        <ChangeText change={market.change_24h} testId="trade-change" />
      </div>
      <dl className="trade__stats">
        <div>
          <dt>24h high</dt>
          <dd className="mkt-num">{formatAmount(market.high_24h)}</dd>
        </div>
        <div>
          <dt>24h low</dt>
          <dd className="mkt-num">{formatAmount(market.low_24h)}</dd>
        </div>
        <div>
          <dt>24h vol ({market.base})</dt>
          <dd className="mkt-num">{formatAmount(market.volume_24h)}</dd>
        </div>
      </dl>
    </header>
  );
}
