import { IonApp, IonRouterOutlet, setupIonicReact } from '@ionic/react';
import { IonReactRouter } from '@ionic/react-router';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AdminApp from './AdminApp.tsx';
import { opsQueryClient } from './lib/ops.ts';
import { OPS_SESSION_KEY, reloadOpsSession } from './lib/ops-session.ts';

function json(status: number, payload: unknown): Response {
  return new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });
}

const operator = {
  operator_id: 3,
  email: 'ada@ops.example.com',
  name: 'Ada Finance',
  role: 'finance',
  totp_enrolled: true,
  disabled: false,
  creation_date: 1_780_000_000,
};

setupIonicReact();

/** The console as the app mounts it: the /admin subtree of an Ionic router (app/routes.tsx). */
function start(path: string, opsSession?: unknown) {
  if (opsSession !== undefined) sessionStorage.setItem(OPS_SESSION_KEY, JSON.stringify(opsSession));
  reloadOpsSession();
  window.history.replaceState(null, '', path);
  return render(
    <IonApp>
      <IonReactRouter>
        <IonRouterOutlet>
          <Route path="/admin/*" element={<AdminApp />} />
        </IonRouterOutlet>
      </IonReactRouter>
    </IonApp>,
  );
}

const emailInput = () => screen.findByTestId('admin-signin-email', {}, { timeout: 8000 });

describe('the console’s session (jsdom)', () => {
  beforeEach(() => {
    sessionStorage.clear();
    opsQueryClient.clear();
    window.__FIT24_CONFIG__ = { apiKey: 'test-key', apiBase: '' };
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('sends a visitor without an operator session to the sign-in, remembering the page', async () => {
    const fetch = vi.fn(async () => json(500, {}));
    vi.stubGlobal('fetch', fetch);
    start('/admin/withdrawals?status=PENDING');
    await emailInput();
    expect(window.location.pathname).toBe('/admin/signin');
    expect(new URLSearchParams(window.location.search).get('next')).toBe('/admin/withdrawals?status=PENDING');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('on a 401 from an /ops call: forgets the token and shows the sign-in', async () => {
    const fetch = vi.fn(async () =>
      json(401, { error: true, code: 401, message: 'Sign in as an operator.' }),
    );
    vi.stubGlobal('fetch', fetch);
    start('/admin/withdrawals', { token: 'ops_s_stale', operator });
    await emailInput();
    await waitFor(() => expect(window.location.pathname).toBe('/admin/signin'));
    expect(sessionStorage.getItem(OPS_SESSION_KEY)).toBeNull();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url.startsWith('/ops/')).toBe(true);
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer ops_s_stale');
  });

  it('signs in with the password, enrols the authenticator from its secret, and comes back to the page', async () => {
    const setup = {
      secret: 'JBSWY3DPEHPK3PXP',
      otpauth_url: 'otpauth://totp/FIT24%20Ops:ada?secret=JBSWY3DPEHPK3PXP',
    };
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/ops/auth/signin')
        return json(200, { error: false, data: { challenge: 'ch-1', expires_in: 300, totp_setup: setup } });
      if (url === '/ops/auth/totp') {
        const body = JSON.parse(String(init?.body)) as { code: string };
        return body.code === '123456'
          ? json(200, {
              error: false,
              data: {
                token: 'ops_s_new',
                operator,
                permissions: ['withdrawals', 'users'],
                expires_in: 28_800,
              },
            })
          : json(401, {
              error: true,
              code: 401,
              message: 'The code is not correct.',
              fields: { code: 'is not correct' },
            });
      }
      if (url.startsWith('/ops/withdrawals')) return json(200, { error: false, data: { withdrawals: [] } });
      return json(200, { error: false, data: { dashboard: null } });
    });
    vi.stubGlobal('fetch', fetch);
    start('/admin/signin?next=%2Fadmin%2Fwithdrawals');
    fireEvent.change(await emailInput(), { target: { value: 'ada@ops.example.com' } });
    fireEvent.change(screen.getByTestId('admin-signin-password'), { target: { value: 'first-password-1' } });
    fireEvent.click(screen.getByTestId('admin-signin-submit'));

    expect((await screen.findByTestId('admin-signin-secret')).textContent).toBe('JBSW Y3DP EHPK 3PXP');
    fireEvent.change(screen.getByTestId('admin-signin-code'), { target: { value: '000000' } });
    fireEvent.click(screen.getByTestId('admin-signin-code-submit'));
    expect(await screen.findByText('The code is not correct.')).toBeTruthy();
    expect(sessionStorage.getItem(OPS_SESSION_KEY)).toBeNull();

    fireEvent.change(screen.getByTestId('admin-signin-code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('admin-signin-code-submit'));
    await waitFor(() => expect(window.location.pathname).toBe('/admin/withdrawals'));
    expect(JSON.parse(sessionStorage.getItem(OPS_SESSION_KEY) ?? '{}').token).toBe('ops_s_new');
    // The user app's own session is untouched: operators and users never share one.
    expect(localStorage.getItem('CapacitorStorage.session')).toBeNull();
    expect(await screen.findByTestId('admin-withdrawals', {}, { timeout: 8000 })).toBeTruthy();
  });
});
