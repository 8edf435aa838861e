import type { TAsset } from '@fit24/contract';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../lib/query-client.ts';
import { clearSession, loadSession } from '../lib/session.ts';
import { App } from './App.tsx';
import { loadAllPages } from './lazy-page.tsx';

// The deposit and withdraw pages for an asset whose network has no node (BTC in production): the
// server's reason instead of an address or a form, and no call the server would refuse.

const BTC: TAsset = {
  asset_id: 1,
  symbol: 'BTC',
  name: 'Bitcoin',
  decimals: 8,
  network: 'bitcoin',
  deposit_enabled: 0,
  withdraw_enabled: 0,
  withdraw_fee: '0.0002',
  min_withdraw: '0.001',
  min_deposit: '0.0001',
  confirmations: 2,
  unavailable_reason: 'Bitcoin deposits and withdrawals are not available: no Bitcoin node is connected.',
};
const balance = {
  asset_id: 1,
  symbol: 'BTC',
  name: 'Bitcoin',
  decimals: 8,
  available: '0.5',
  on_hold: '0',
  locked: '0',
  staked: '0',
  total: '0.5',
  usd_value: '30000',
};

const security = {
  two_factor_enabled: 0,
  totp_enabled: 0,
  recovery_codes_left: 0,
  passkeys: [],
  whitelist_only: 0,
  whitelist_off_date: null,
  anti_phishing_phrase: null,
  cooldown_until: null,
  cooldown_reason: null,
  frozen: 0,
  address_delay_seconds: 86_400,
  cooldown_seconds: 86_400,
};

/** What the server answers each call the pages make; anything else is a 404. */
function answer(path: string, asset: TAsset): unknown {
  if (path === '/api/asset') return { asset };
  if (path === '/api/asset/balances') return { balances: [balance], total_usd: '30000' };
  if (path === '/api/asset/notices') return { notices: [] };
  if (path === '/api/account')
    return { account: { name: 'Ada', email_id: 'ada@example.com', has_txn_password: 1 } };
  if (path === '/api/security') return { security };
  if (path === '/api/asset/wallet') {
    return {
      wallet: {
        asset_id: 1,
        network: 'bitcoin',
        address: 'bcrt1qexample',
        memo: null,
        min_deposit: '0.0001',
        confirmations: 2,
      },
    };
  }
  return null;
}

function stubServer(asset: TAsset) {
  const fetch = vi.fn(async (url: string) => {
    const data = answer(new URL(url, 'http://localhost').pathname, asset);
    const body =
      data === null ? { error: true, code: 404, message: 'Nothing was found here.' } : { error: false, data };
    return new Response(JSON.stringify(body), {
      status: data === null ? 404 : 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return () => fetch.mock.calls.map(([url]) => new URL(url, 'http://localhost').pathname);
}

async function open(path: string) {
  localStorage.setItem(
    'CapacitorStorage.session',
    JSON.stringify({ token: 't', user: { is_email_verified: 1 } }),
  );
  await loadSession();
  window.history.replaceState(null, '', path);
  return render(<App />);
}

describe('an asset whose network is unavailable', () => {
  // The pages are chunks the router imports on demand: load them once, outside every test's time limit.
  beforeAll(() => loadAllPages(), 120_000);
  beforeEach(async () => {
    await clearSession();
    queryClient.clear();
    window.__FIT24_CONFIG__ = { apiKey: 'test-key', apiBase: '' };
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the reason on the deposit page, and asks for no address', async () => {
    const calls = stubServer(BTC);
    await open('/funds/deposit?asset_id=1');
    const notice = await screen.findByTestId('deposit-unavailable', {}, { timeout: 5000 });
    expect(screen.getByTestId('deposit-unavailable-title').textContent).toBe(
      'BTC deposits are not available',
    );
    expect(screen.getByTestId('deposit-unavailable-reason').textContent).toBe(BTC.unavailable_reason);
    expect(notice.getAttribute('role')).toBe('alert');
    expect(screen.queryByTestId('deposit-qr')).toBeNull();
    expect(screen.queryByTestId('deposit-disabled')).toBeNull();
    expect(calls()).toContain('/api/asset');
    expect(calls()).not.toContain('/api/asset/wallet');
  });

  it('keeps the paused wording when deposits are only paused, and shows the address', async () => {
    stubServer({ ...BTC, unavailable_reason: null });
    await open('/funds/deposit?asset_id=1');
    expect((await screen.findByTestId('deposit-address', {}, { timeout: 5000 })).textContent).toBe(
      'bcrt1qexample',
    );
    expect(screen.getByTestId('deposit-disabled').textContent).toContain('BTC deposits are paused for now.');
    expect(screen.queryByTestId('deposit-unavailable')).toBeNull();
  });

  it('shows the reason on the withdraw page and keeps the form closed', async () => {
    stubServer(BTC);
    await open('/funds/withdraw?asset_id=1');
    expect(
      (await screen.findByTestId('withdraw-unavailable-reason', {}, { timeout: 5000 })).textContent,
    ).toBe(BTC.unavailable_reason);
    expect(screen.getByTestId('withdraw-unavailable-title').textContent).toBe(
      'BTC withdrawals are not available',
    );
    expect(screen.queryByTestId('withdraw-disabled')).toBeNull();
    expect(screen.getByTestId('withdraw-review').hasAttribute('disabled')).toBe(true);
  });

  it('keeps the paused wording on the withdraw page when withdrawals are only paused', async () => {
    stubServer({ ...BTC, unavailable_reason: null });
    await open('/funds/withdraw?asset_id=1');
    expect((await screen.findByTestId('withdraw-disabled', {}, { timeout: 5000 })).textContent).toContain(
      'BTC withdrawals are paused for now.',
    );
    expect(screen.queryByTestId('withdraw-unavailable')).toBeNull();
  });
});
