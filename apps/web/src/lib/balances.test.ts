import type { TBalance } from '@fit24/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyBalancesMessage, type Balances, balancesQueryOptions } from './balances.ts';

const KEY = balancesQueryOptions().queryKey;

const balance = (assetId: number, symbol: string, available: string): TBalance => ({
  asset_id: assetId,
  symbol,
  name: symbol,
  decimals: 8,
  available,
  on_hold: '0',
  locked: '0',
  staked: '0',
  total: available,
  usd_value: '0',
});

const answer = (...balances: TBalance[]): Balances => ({ balances, total_usd: '0' });

describe('applyBalancesMessage', () => {
  it('writes the pushed answer into the asset/balances cache as it is, and names the assets that changed', () => {
    const client = new QueryClient();
    client.setQueryData(KEY, answer(balance(1, 'BTC', '1'), balance(2, 'USDT', '5')));
    const pushed = answer(balance(1, 'BTC', '1'), balance(2, 'USDT', '4'));
    const message = { channel: 'balances', type: 'update', data: pushed } as const;
    expect(applyBalancesMessage(client, message)).toEqual([2]);
    expect(client.getQueryData(KEY)).toEqual(pushed);
    // Another listener of the same message hears the same change, though the cache is already current.
    expect(applyBalancesMessage(client, message)).toEqual([2]);
  });

  it('writes the snapshot sent on subscribe without calling anything changed', () => {
    const client = new QueryClient();
    const pushed = answer(balance(1, 'BTC', '2'));
    expect(applyBalancesMessage(client, { channel: 'balances', type: 'snapshot', data: pushed })).toEqual([]);
    expect(client.getQueryData(KEY)).toBe(pushed);
  });
});
