import { PlaceholderPage } from '../../../components/ui/PlaceholderPage.tsx';

// The markets tab and the trading screens; later issues build them.

export function MarketsPage() {
  return (
    <PlaceholderPage
      page="tabs/markets"
      title="Markets"
      description="Every market with its last price and 24-hour change, a search and your watchlist."
    />
  );
}

export function TradePage() {
  return (
    <PlaceholderPage
      page="trade"
      title="Trade"
      backHref="/tabs/markets"
      description="Candles, the live order book, an order form and your open orders and history."
    />
  );
}

export function InstaPage() {
  return (
    <PlaceholderPage
      page="insta"
      title="Insta"
      backHref="/tabs/home"
      description="Buy or sell at the market price in one step, with a preview of what you get."
    />
  );
}

export function AlertsPage() {
  return (
    <PlaceholderPage
      page="alerts"
      title="Price alerts"
      backHref="/tabs/markets"
      description="Get notified once when a market goes above or below a price you choose."
    />
  );
}
