import type { TMarketDetail } from '@fit24/contract';
import { useQueryClient } from '@tanstack/react-query';
import { statsChartOutline } from 'ionicons/icons';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSkeleton } from '../../../components/ui/ListSkeleton.tsx';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { PageShell } from '../../../components/ui/PageShell.tsx';
import { PullToRefresh } from '../../../components/ui/PullToRefresh.tsx';
import { useToast } from '../../../components/ui/toast.ts';
import { formatAmount } from '../../../lib/money.ts';
import { parseId, usePageParam } from '../../../lib/search-params.ts';
import { useDrawnInTurn } from '../../../lib/use-drawn-in-turn.ts';
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
  const { t } = useTranslation('markets');
  const marketParam = parseId(usePageParam('/trade', 'market_id'));
  const markets = useMarkets();
  // Without a market_id (the home "Trade" action) the first market is shown.
  const marketId = marketParam ?? markets.data?.markets?.[0]?.market_id ?? null;
  const market = useMarket(marketId);
  const [pickedPrice, setPickedPrice] = useState<{ price: string; at: number } | null>(null);
  const m = market.data?.market;
  const orders = useRef<HTMLElement>(null);
  const toast = useToast();
  const client = useQueryClient();
  // The header and panes, then the form, then your orders: each its own task (use-drawn-in-turn.ts).
  const drawn = useDrawnInTurn(3, m !== undefined);
  // A resting order filled by someone else: say so, the form's own toasts only cover immediate fills.
  useOrderFilled((order) => {
    if (!m || order.market_id !== m.market_id) return;
    toast.success(
      t(`trade.filled.${order.side}`, {
        amount: formatAmount(order.filled, 0),
        base: m.base,
        price: formatAmount(order.average_price ?? order.price ?? ''),
        quote: m.quote,
      }),
    );
  });
  // Without a market_id the screen waits on the list for its first market: its failure is this screen's.
  const failed = market.isError ? market : marketParam === null && markets.isError ? markets : null;
  // Everything the screen shows, fetched again (the socket keeps it live; this is the person's nudge).
  const refresh = () =>
    client.refetchQueries({
      predicate: (query) => ['markets', 'orders', 'asset'].includes(String(query.queryKey[0])),
      type: 'active',
    });
  return (
    <PageShell page="trade" title={m ? m.symbol : t('trade.title')} backHref="/tabs/markets">
      <PullToRefresh onRefresh={refresh} />
      {failed ? (
        <LoadError
          icon={statsChartOutline}
          title={t('trade.unavailable')}
          message={failed.error?.message ?? ''}
          onRetry={() => failed.refetch()}
          testId="trade-error"
        />
      ) : !m ? (
        <ListSkeleton label={t('trade.loading')} rows={5} />
      ) : (
        <div className="trade">
          <TradeHeader market={m} />
          {m.status === 'HALTED' && <p className="trade__halted">{t('trade.halted')}</p>}
          <TradePanes
            market={m}
            onPick={(price) => setPickedPrice({ price, at: Date.now() })}
            orders={orders}
          />
          <section className="trade__card trade__form" aria-label={t('trade.placeOrder')}>
            {drawn >= 2 && <OrderForm market={m} picked={pickedPrice} />}
          </section>
          <section className="trade__card trade__orders" aria-label={t('trade.yourOrders')} ref={orders}>
            {drawn >= 3 && <OrdersPanel market={m} />}
          </section>
        </div>
      )}
    </PageShell>
  );
}

/** The pair, its live last price and change, and the 24h figures. */
function TradeHeader({ market }: { market: TMarketDetail }) {
  const { t } = useTranslation('markets');
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
          <dt>{t('trade.high')}</dt>
          <dd className="mkt-num">{formatAmount(market.high_24h)}</dd>
        </div>
        <div>
          <dt>{t('trade.low')}</dt>
          <dd className="mkt-num">{formatAmount(market.low_24h)}</dd>
        </div>
        <div>
          <dt>{t('trade.volume', { base: market.base })}</dt>
          <dd className="mkt-num">{formatAmount(market.volume_24h)}</dd>
        </div>
      </dl>
    </header>
  );
}
