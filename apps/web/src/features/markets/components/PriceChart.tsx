import { useQuery } from '@tanstack/react-query';
import type { IChartApi, ISeriesApi, TickMarkType, Time, UTCTimestamp } from 'lightweight-charts';
import { memo, useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { Segmented } from '../../../components/ui/Segmented.tsx';
import { api } from '../../../lib/api.ts';
import { type AxisUnit, formatAxisTime } from '../../../lib/date-time.ts';
import { formatAmount } from '../../../lib/money.ts';
import { useSignedIn } from '../../../lib/session.ts';
import { type EffectiveTheme, useEffectiveTheme } from '../../../lib/theme.ts';
import { marketKeys, useLiveCandles } from '../api/live.ts';
import { SAFETY_REFETCH_MS } from '../api/markets.ts';

/**
 * The chart library, a chunk of its own fetched when a chart is first drawn: the trade screen's form, figures
 * and the chart's own frame paint without waiting for it, and its evaluation is a task of its own.
 */
const loadChartLibrary = () => import('./chart-library.ts');
type ChartLibrary = Awaited<ReturnType<typeof loadChartLibrary>>;

/**
 * What each of the library's tick mark types names (its enum's values in order: Year, Month, DayOfMonth,
 * Time, TimeWithSeconds), for labels written by the app rather than by the library's `toLocaleString`.
 */
const AXIS_UNITS: Record<TickMarkType, AxisUnit> = ['year', 'month', 'day', 'minute', 'second'];

/** The candle intervals in minutes; each one's label is `chart.intervals.<minutes>`. */
const INTERVALS = ['1', '5', '15', '60', '240', '1440'] as const;
type Interval = (typeof INTERVALS)[number];

/**
 * Candles of a market (market.chart, then live from the candles channel), drawn by TradingView's
 * lightweight-charts, with an interval switch. Prices on the axis and crosshair use the app's money
 * format (thousands grouped, the market's decimals). Drawn again only when one of its two props changes (or
 * its own state and queries): each trade's new ticker redraws the trade screen above it, not the chart.
 */
export const PriceChart = memo(function PriceChart({
  marketId,
  priceDecimals,
}: {
  marketId: number;
  priceDecimals: number;
}) {
  const { t } = useTranslation('markets');
  const [interval, setChosenInterval] = useState<Interval>('15');
  const candles = useCandles(marketId, interval);
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<'Candlestick'> | null>(null);
  const drawn = useRef<Drawn>(null);
  // The library once loaded (the chart is made then); a failed fetch offers a retry, which asks again.
  const [library, setLibrary] = useState<ChartLibrary | null>(null);
  const [libraryFailed, setLibraryFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  // What the chart should show now, and what it was last given: a change is handed over once, and a
  // render that changes nothing redraws nothing (each hand-over repaints the whole canvas).
  const theme = useEffectiveTheme();
  const wanted = useRef<Shown>({ theme, decimals: priceDecimals, candles: undefined, key: '' });
  wanted.current = {
    theme,
    decimals: priceDecimals,
    candles: candles.data?.candles,
    key: `${marketId}:${interval}`,
  };
  const given = useRef<Partial<Shown>>({});
  const handOver = (lib: ChartLibrary) => {
    const [c, s, el] = [chart.current, series.current, box.current];
    if (!c || !s || !el) return;
    const want = wanted.current;
    const had = given.current;
    // The canvas cannot read CSS: the theme's colours are looked up and handed over whenever it changes.
    if (had.theme !== want.theme) paintChart(lib, el, c, s, want.theme);
    if (had.decimals !== want.decimals) formatPrices(c, s, want.decimals);
    if (had.candles !== want.candles || had.key !== want.key)
      drawn.current = drawCandles(c, s, drawn.current, want.candles ?? [], want.key);
    given.current = { ...want };
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry's trigger
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let made: IChartApi | null = null;
    let gone = false;
    loadChartLibrary().then(
      (lib) => {
        if (gone) return;
        made = lib.createChart(el, {
          autoSize: true,
          // The credit is a named text link under the chart (the library's logo link has no text).
          layout: { attributionLogo: false },
          timeScale: {
            timeVisible: true,
            barSpacing: 8,
            rightOffset: 4,
            tickMarkFormatter: (time: Time, type: TickMarkType) =>
              formatAxisTime(time as number, AXIS_UNITS[type]),
          },
        });
        series.current = made.addSeries(lib.CandlestickSeries, { borderVisible: false });
        chart.current = made;
        // Colours, price format and candles before its first paint, not one repaint each after it.
        handOver(lib);
        setLibrary(lib);
      },
      () => {
        if (!gone) setLibraryFailed(true);
      },
    );
    return () => {
      gone = true;
      made?.remove();
      chart.current = null;
      series.current = null;
      drawn.current = null;
      given.current = {};
    };
  }, [attempt]);

  // After every render: whatever changed (theme, decimals, candles, market or interval) is handed over.
  useEffect(() => {
    if (library) handOver(library);
  });

  return (
    <div data-testid="price-chart">
      <IntervalSwitch value={interval} onChange={setChosenInterval} />
      {/* Without its library the chart's place says so (the box stays, hidden, for the retry to draw in). */}
      <div ref={box} className="chart__box" hidden={libraryFailed} />
      {libraryFailed && (
        <div className="chart__box chart__failed">
          <LoadError
            message={t('chart.unavailable')}
            onRetry={async () => {
              setLibraryFailed(false);
              setAttempt((n) => n + 1);
            }}
            testId="chart-library-error"
          />
        </div>
      )}
      {!libraryFailed && candles.isSuccess && candles.data.candles.length === 0 && (
        <p className="fit24-muted chart__none">{t('chart.empty')}</p>
      )}
      {candles.isError && (
        <LoadError message={candles.error.message} onRetry={() => candles.refetch()} testId="chart-error" />
      )}
      <p className="chart__credit fit24-muted">
        <Trans
          t={t}
          i18nKey="chart.credit"
          components={{
            // biome-ignore lint/a11y/useAnchorContent: Trans puts the link's text inside
            tv: <a href="https://www.tradingview.com/" target="_blank" rel="noreferrer" />,
          }}
        />
      </p>
    </div>
  );
});

function IntervalSwitch({ value, onChange }: { value: Interval; onChange: (next: Interval) => void }) {
  const { t } = useTranslation('markets');
  return (
    <Segmented
      value={value}
      onChange={onChange}
      label={t('chart.intervalLabel')}
      className="chart__intervals"
      options={INTERVALS.map((minutes) => ({
        value: minutes,
        label: t(`chart.intervals.${minutes}`),
        testId: `chart-interval-${minutes}`,
      }))}
    />
  );
}

/** A market's candles at an interval: market.chart, then live from the candles channel. */
function useCandles(marketId: number, interval: Interval) {
  const signedIn = useSignedIn();
  useLiveCandles(marketId, interval);
  return useQuery({
    queryKey: marketKeys.chart(marketId, interval),
    queryFn: () =>
      api.fetchData('market.chart', { query: { market_id: String(marketId), interval_min: interval } }),
    enabled: signedIn,
    refetchInterval: SAFETY_REFETCH_MS,
  });
}

/** Axis and crosshair prices at the market's decimals, grouped like money elsewhere on screen. */
function formatPrices(
  chart: IChartApi | null,
  series: ISeriesApi<'Candlestick'> | null,
  decimals: number,
): void {
  chart?.applyOptions({ localization: { priceFormatter: (price: number) => plotPrice(price, decimals) } });
  series?.applyOptions({ priceFormat: { type: 'price', precision: decimals, minMove: 10 ** -decimals } });
}

/** What the chart shows: its colours' theme, the prices' decimals, the candles and whose they are. */
type Shown = {
  theme: EffectiveTheme;
  decimals: number;
  candles: ReadonlyArray<Candle> | undefined;
  key: string;
};
type Candle = { time: number; open: string; high: string; low: string; close: string };

/** What is drawn: which series, and its last candle's time (live candles update from there on). */
type Drawn = { key: string; lastTime: number } | null;

/**
 * Draws `candles` as the series `key` (market and interval) and returns what is drawn now. A live change to
 * the same series redraws from the last drawn candle on, keeping the reader's zoom and scroll.
 */
function drawCandles(
  chart: IChartApi | null,
  series: ISeriesApi<'Candlestick'>,
  before: Drawn,
  candles: ReadonlyArray<Candle>,
  key: string,
): Drawn {
  const data = candles.map(toBar);
  const last = data.at(-1);
  if (before?.key === key && last && last.time >= before.lastTime) {
    for (const bar of data) if (bar.time >= before.lastTime) series.update(bar);
  } else {
    series.setData(data);
    // The latest candles at a readable width (fitContent would stretch a young market's few candles
    // across the whole chart); older ones are a scroll away.
    chart?.timeScale().scrollToRealTime();
  }
  return last ? { key, lastTime: last.time } : null;
}

/** Hands the theme's colours to the chart (a canvas cannot read CSS) and notes them on its box. */
function paintChart(
  { ColorType }: ChartLibrary,
  box: HTMLElement,
  chart: IChartApi | null,
  series: ISeriesApi<'Candlestick'> | null,
  theme: EffectiveTheme,
): void {
  const colours = chartColours(box, theme);
  chart?.applyOptions({
    layout: { background: { type: ColorType.Solid, color: colours.background }, textColor: colours.text },
    grid: { vertLines: { color: colours.grid }, horzLines: { color: colours.grid } },
    timeScale: { borderColor: colours.border },
    rightPriceScale: { borderColor: colours.border },
  });
  series?.applyOptions({
    upColor: colours.up,
    downColor: colours.down,
    wickUpColor: colours.up,
    wickDownColor: colours.down,
  });
  box.dataset.background = colours.background;
}

/** The chart's colours from theme.css's variables as they resolve under the chart's box now. */
function chartColours(box: HTMLElement, theme: EffectiveTheme) {
  const style = getComputedStyle(box);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  const dark = theme === 'dark';
  return {
    background: read('--fit24-surface', dark ? '#111f36' : '#ffffff'),
    text: read('--fit24-chart-text', dark ? '#8fa3bf' : '#56657a'),
    grid: read('--fit24-chart-grid', dark ? '#172a47' : '#edf1f6'),
    border: read('--fit24-chart-border', dark ? '#22395e' : '#cbd5e1'),
    up: read('--fit24-up', dark ? '#22c55e' : '#13763a'),
    down: read('--fit24-down', dark ? '#f65570' : '#be123c'),
  };
}

/** An axis label: the plotted number rounded to the market's decimals, then grouped like money on screen. */
function plotPrice(price: number, decimals: number): string {
  return formatAmount(price.toFixed(decimals), decimals);
}

/** Plotting only: the chart library draws numbers; no money arithmetic is done with them. */
function toBar(k: Candle) {
  return {
    time: k.time as UTCTimestamp,
    open: Number(k.open),
    high: Number(k.high),
    low: Number(k.low),
    close: Number(k.close),
  };
}
