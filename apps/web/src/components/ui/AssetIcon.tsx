import './asset-icon.css';

/** Brand colours of the exchange's assets; others get a colour derived from their symbol. */
const ASSET_COLOURS: Record<string, string> = {
  BTC: '#f7931a',
  ETH: '#6366f1',
  USDT: '#26a17b',
  FIT24: '#14b8a6',
};

/** A stable hue for an asset without a brand colour, so the same symbol always looks the same. */
export function assetColour(symbol: string): string {
  const known = ASSET_COLOURS[symbol.toUpperCase()];
  if (known) return known;
  let hash = 0;
  for (const char of symbol) hash = (hash * 31 + char.charCodeAt(0)) % 360;
  return `hsl(${hash}, 55%, 45%)`;
}

/** The letters on an asset's coin: its first letter, or the first two for long symbols ("FIT24" → "F"). */
export function assetInitials(symbol: string): string {
  const letters = symbol.toUpperCase().replace(/[^A-Z]/g, '');
  return (letters || symbol).slice(0, 1);
}

/** A coloured coin with the asset's initial. */
export function AssetIcon({ symbol, size = 40 }: { symbol: string; size?: number }) {
  return (
    <span
      className="fit24-asset-icon"
      style={{ background: assetColour(symbol), width: size, height: size, fontSize: size * 0.45 }}
      aria-hidden="true"
      data-symbol={symbol}
    >
      {assetInitials(symbol)}
    </span>
  );
}
