// The markets tab and the trading screens (DESIGN §3), one module each.
export { AlertsPage } from './AlertsPage.tsx';
export { InstaPage } from './InstaPage.tsx';
export { MarketsPage } from './MarketsPage.tsx';
export { TradePage } from './TradePage.tsx';
