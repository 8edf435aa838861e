import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../lib/query-client.ts';
import { clearSession, loadSession } from '../lib/session.ts';
import { App } from './App.tsx';
import { loadAllPages } from './lazy-page.tsx';

const KEY = 'CapacitorStorage.session';

function json(status: number, payload: unknown): Response {
  return new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });
}

async function start(path: string, session?: unknown) {
  if (session !== undefined) localStorage.setItem(KEY, JSON.stringify(session));
  await loadSession();
  window.history.replaceState(null, '', path);
  return render(<App />);
}

describe('App in jsdom', () => {
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

  it('shows the welcome screen at the root to a visitor', async () => {
    await start('/');
    expect(await screen.findByRole('heading', { name: 'FIT24 Exchange' }, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByText('Sign in', {}, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByText('Create account', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('greets a signed-in user by the name GET /api/account returns', async () => {
    const fetch = vi.fn(async () =>
      json(200, { error: false, data: { account: { name: 'Ada Lovelace', email_id: 'ada@example.com' } } }),
    );
    vi.stubGlobal('fetch', fetch);
    await start('/tabs/home', { token: 'good', user: { is_email_verified: 1 } });
    expect((await screen.findByTestId('home-greeting', {}, { timeout: 5000 })).textContent).toBe(
      'Welcome back, Ada Lovelace',
    );
    expect(fetch).toHaveBeenCalledWith('/api/account', expect.objectContaining({ method: 'GET' }));
  });

  it('ends a session the server calls invalid (502): signout, cleared storage, back to the root', async () => {
    const fetch = vi.fn(async (url: string) =>
      url === '/api/auth/signout'
        ? json(401, { error: true, code: 502, message: 'Session ended.' })
        : json(401, { error: true, code: 502, message: 'Session ended.' }),
    );
    vi.stubGlobal('fetch', fetch);
    await start('/tabs/home', { token: 'stale', user: { is_email_verified: 1 } });
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(fetch.mock.calls.map(([url]) => url)).toContain('/api/auth/signout');
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(await screen.findByRole('heading', { name: 'FIT24 Exchange' }, { timeout: 5000 })).toBeTruthy();
  });
});
