import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyBalancesMessage } from './live.ts';

const KEYS = {
  balances: ['asset', 'balances'],
  btcHistory: ['asset', 'transactions', 1],
  usdtHistory: ['asset', 'transactions', 2],
  ethHistory: ['asset', 'transactions', 3],
  btcDetail: ['asset', 'detail', 1],
} as const;

function seeded() {
  const client = new QueryClient();
  for (const key of Object.values(KEYS)) client.setQueryData(key, { seeded: true });
  return client;
}

const stale = (client: QueryClient) =>
  Object.entries(KEYS)
    .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
    .map(([name]) => name);

const balance = (assetId: number, symbol: string) => ({
  asset_id: assetId,
  symbol,
  available: '1.5',
  on_hold: '0',
});

describe('applyBalancesMessage', () => {
  it('marks the balances and the histories of the pushed assets stale, nothing else', () => {
    const client = seeded();
    applyBalancesMessage(client, {
      channel: 'balances',
      type: 'update',
      data: { balances: [balance(1, 'BTC'), balance(2, 'USDT')] },
    });
    expect(stale(client)).toEqual(['balances', 'btcHistory', 'usdtHistory']);
  });

  it('leaves the caches alone on the snapshot sent on subscribe', () => {
    const client = seeded();
    applyBalancesMessage(client, {
      channel: 'balances',
      type: 'snapshot',
      data: { balances: [balance(1, 'BTC')] },
    });
    expect(stale(client)).toEqual([]);
  });
});
