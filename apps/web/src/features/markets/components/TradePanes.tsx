import type { TMarketDetail } from '@fit24/contract';
import { IonButton, IonIcon } from '@ionic/react';
import { listOutline } from 'ionicons/icons';
import { type ReactNode, type RefObject, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Segmented } from '../../../components/ui/Segmented.tsx';
import { useOrders } from '../api/markets.ts';
import { DepthChart } from './DepthChart.tsx';
import { OrderBook } from './OrderBook.tsx';
import { PriceChart } from './PriceChart.tsx';
import { RecentTrades } from './RecentTrades.tsx';

type Pane = 'chart' | 'book' | 'depth' | 'trades';
const PANES: readonly Pane[] = ['chart', 'book', 'depth', 'trades'];

/** Where trade.css shows the book and trades beside the chart (its desk layout). */
const DESK_QUERY = '(min-width: 1024px)';

/** What a desk shows besides the chosen pane: the candles (unless depth is chosen), the book and trades. */
const DESK_PANES: readonly Pane[] = ['chart', 'book', 'trades'];

const deskQuery = () =>
  typeof globalThis.matchMedia === 'function' ? globalThis.matchMedia(DESK_QUERY) : null;

/**
 * The panes drawn so far: on a phone the chosen one, on a desk those trade.css shows beside it. A pane is
 * drawn the first time it is on screen and then kept (its feed and the chart's zoom survive a switch), so
 * a phone's first screen renders only the pane it shows: the hidden book, trades and depth cost a tap, not
 * the first load. A phone turned into a desk's width draws what the desk shows.
 */
function useDrawnPanes(pane: Pane): ReadonlySet<Pane> {
  const [desk, setDesk] = useState(() => deskQuery()?.matches ?? false);
  const [drawn, setDrawn] = useState<ReadonlySet<Pane>>(() => new Set(desk ? [pane, ...DESK_PANES] : [pane]));
  useEffect(() => {
    const query = deskQuery();
    if (!query) return;
    const follow = () => setDesk(query.matches);
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, []);
  const wanted = desk ? [pane, ...DESK_PANES] : [pane];
  if (wanted.some((p) => !drawn.has(p))) {
    const next = new Set([...drawn, ...wanted]);
    setDrawn(next);
    return next;
  }
  return drawn;
}

/**
 * Chart · Book · Depth · Trades. On a phone one pane shows at a time above the order form, so the form is
 * on the first screen; on a desktop trade.css shows the book and trades beside the chart, and the tabs
 * switch the big pane between candles and depth. A pane is drawn when first on screen and stays mounted
 * after, so its live feed and the chart's zoom survive a switch.
 */
export function TradePanes({
  market,
  onPick,
  orders,
}: {
  market: TMarketDetail;
  onPick: (price: string) => void;
  orders: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation('markets');
  const [pane, setPane] = useState<Pane>('chart');
  const shown = useDrawnPanes(pane);
  const drawn = (which: Pane, content: ReactNode) => (shown.has(which) ? content : null);
  return (
    <>
      <div className="trade__tabs" data-pane={pane}>
        <Segmented
          value={pane}
          onChange={setPane}
          label={t('panes.label')}
          className="trade__segment"
          options={PANES.map((value) => ({
            value,
            label: t(`panes.${value}`),
            testId: `trade-pane-${value}`,
            className: `trade__tab trade__tab--${value}`,
          }))}
        />
        <OrdersJump marketId={market.market_id} target={orders} />
      </div>
      <section
        className={`trade__card trade__pane trade__chart${pane === 'chart' ? ' is-active' : ''}`}
        aria-label={t('panes.priceChart')}
      >
        {drawn('chart', <PriceChart marketId={market.market_id} priceDecimals={market.price_decimals} />)}
      </section>
      <section
        className={`trade__card trade__pane trade__depth${pane === 'depth' ? ' is-active' : ''}`}
        aria-label={t('panes.marketDepth')}
      >
        {drawn('depth', <DepthChart market={market} />)}
      </section>
      <section
        className={`trade__card trade__pane trade__book${pane === 'book' ? ' is-active' : ''}`}
        aria-label={t('panes.orderBook')}
      >
        <h2 className="trade__title">{t('panes.orderBook')}</h2>
        {drawn('book', <OrderBook market={market} onPick={onPick} />)}
      </section>
      <section
        className={`trade__card trade__pane trade__trades${pane === 'trades' ? ' is-active' : ''}`}
        aria-label={t('panes.recentTrades')}
      >
        <h2 className="trade__title">{t('panes.recentTrades')}</h2>
        {drawn('trades', <RecentTrades market={market} />)}
      </section>
    </>
  );
}

/** One tap from the top of the screen to your open orders in this market (they sit below the form). */
function OrdersJump({ marketId, target }: { marketId: number; target: RefObject<HTMLElement | null> }) {
  const { t } = useTranslation('markets');
  const open = useOrders('OPEN');
  const count = (open.data?.orders ?? []).filter((o) => o.market_id === marketId).length;
  return (
    <IonButton
      fill="clear"
      size="small"
      className="trade__orders-jump"
      data-testid="trade-orders-jump"
      onClick={() => target.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })}
    >
      <IonIcon icon={listOutline} slot="start" aria-hidden="true" />
      {t('panes.orders')}{' '}
      <span className="trade__orders-count" data-testid="trade-orders-count">
        {count}
      </span>
    </IonButton>
  );
}
