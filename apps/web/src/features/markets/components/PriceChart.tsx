import { IonLabel, IonSegment, IonSegmentButton } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import {
  CandlestickSeries,
  ColorType,
  createChart,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../../lib/api.ts';
import { formatAmount } from '../../../lib/money.ts';
import { useSignedIn } from '../../../lib/session.ts';
import { marketKeys, useLiveCandles } from '../api/live.ts';
import { SAFETY_REFETCH_MS } from '../api/markets.ts';

const INTERVALS = [
  { minutes: '1', label: '1m' },
  { minutes: '5', label: '5m' },
  { minutes: '15', label: '15m' },
  { minutes: '60', label: '1h' },
  { minutes: '240', label: '4h' },
  { minutes: '1440', label: '1d' },
] as const;
type Interval = (typeof INTERVALS)[number]['minutes'];

/**
 * Candles of a market (market.chart, then live from the candles channel), drawn by TradingView's
 * lightweight-charts, with an interval switch. Prices on the axis and crosshair use the app's money
 * format (thousands grouped, the market's decimals).
 */
export function PriceChart({ marketId, priceDecimals }: { marketId: number; priceDecimals: number }) {
  const signedIn = useSignedIn();
  const [interval, setChosenInterval] = useState<Interval>('15');
  useLiveCandles(marketId, interval);
  const candles = useQuery({
    queryKey: marketKeys.chart(marketId, interval),
    queryFn: () =>
      api.fetchData('market.chart', { query: { market_id: String(marketId), interval_min: interval } }),
    enabled: signedIn,
    refetchInterval: SAFETY_REFETCH_MS,
  });
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<'Candlestick'> | null>(null);
  /** What is drawn: which series, and its last candle's time (live candles update from there on). */
  const drawn = useRef<{ key: string; lastTime: number } | null>(null);

  useEffect(() => {
    if (!box.current) return;
    const c = createChart(box.current, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: 'transparent' },
        textColor: '#8fa3bf',
        attributionLogo: true,
      },
      grid: { vertLines: { color: '#172a47' }, horzLines: { color: '#172a47' } },
      timeScale: { timeVisible: true, borderColor: '#22395e', barSpacing: 8, rightOffset: 4 },
      rightPriceScale: { borderColor: '#22395e' },
    });
    series.current = c.addSeries(CandlestickSeries, {
      upColor: '#22c55e',
      downColor: '#f43f5e',
      wickUpColor: '#22c55e',
      wickDownColor: '#f43f5e',
      borderVisible: false,
    });
    chart.current = c;
    return () => {
      c.remove();
      chart.current = null;
      series.current = null;
      drawn.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.applyOptions({
      localization: { priceFormatter: (price: number) => plotPrice(price, priceDecimals) },
    });
    series.current?.applyOptions({
      priceFormat: { type: 'price', precision: priceDecimals, minMove: 10 ** -priceDecimals },
    });
  }, [priceDecimals]);

  useEffect(() => {
    const s = series.current;
    if (!s) return;
    const data = (candles.data?.candles ?? []).map(toBar);
    const key = `${marketId}:${interval}`;
    const last = data.at(-1);
    const before = drawn.current;
    if (before?.key === key && last && last.time >= before.lastTime) {
      // A live change: redraw from the last drawn candle on, keeping the reader's zoom and scroll.
      for (const bar of data) if (bar.time >= before.lastTime) s.update(bar);
    } else {
      s.setData(data);
      // The latest candles at a readable width (fitContent would stretch a young market's few candles
      // across the whole chart); older ones are a scroll away.
      chart.current?.timeScale().scrollToRealTime();
    }
    drawn.current = last ? { key, lastTime: last.time } : null;
  }, [candles.data, marketId, interval]);

  return (
    <div data-testid="price-chart">
      <IonSegment
        value={interval}
        onIonChange={(e) => {
          const next = INTERVALS.find((i) => i.minutes === e.detail.value);
          if (next) setChosenInterval(next.minutes);
        }}
        className="chart__intervals"
      >
        {INTERVALS.map((i) => (
          <IonSegmentButton key={i.minutes} value={i.minutes} data-testid={`chart-interval-${i.minutes}`}>
            <IonLabel>{i.label}</IonLabel>
          </IonSegmentButton>
        ))}
      </IonSegment>
      <div ref={box} className="chart__box" />
      {candles.isSuccess && candles.data.candles.length === 0 && (
        <p className="fit24-muted chart__none">No trades in this period yet.</p>
      )}
      <p className="chart__credit fit24-muted">
        Charts by{' '}
        <a href="https://www.tradingview.com/" target="_blank" rel="noreferrer">
          TradingView
        </a>
      </p>
    </div>
  );
}

/** An axis label: the plotted number rounded to the market's decimals, then grouped like money on screen. */
function plotPrice(price: number, decimals: number): string {
  return formatAmount(price.toFixed(decimals), decimals);
}

/** Plotting only: the chart library draws numbers; no money arithmetic is done with them. */
function toBar(k: { time: number; open: string; high: string; low: string; close: string }) {
  return {
    time: k.time as UTCTimestamp,
    open: Number(k.open),
    high: Number(k.high),
    low: Number(k.low),
    close: Number(k.close),
  };
}
