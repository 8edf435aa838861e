/*
 * The parts of lightweight-charts the price chart uses, in a module of their own that PriceChart imports
 * lazily: a chunk fetched when a chart is first drawn, holding only these (a lazy import of the package
 * itself would keep all of it).
 */
export { CandlestickSeries, ColorType, createChart } from 'lightweight-charts';
