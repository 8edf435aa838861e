import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearSession, getSession, loadSession } from '../lib/session.ts';
import { Guard } from './Guard.tsx';
import type { RouteKind } from './guards.ts';

const KEY = 'CapacitorStorage.session';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderAt(path: string, kind: RouteKind) {
  return render(
    <MemoryRouter initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <Routes>
        <Route
          path={path}
          element={
            <Guard kind={kind} path={path}>
              <h1>Guarded page</h1>
            </Guard>
          }
        />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

async function plant(value: unknown) {
  localStorage.setItem(KEY, typeof value === 'string' ? value : JSON.stringify(value));
  await loadSession();
}

describe('Guard', () => {
  beforeEach(async () => {
    await clearSession();
  });

  it('shows an app page to a verified user', async () => {
    await plant({ token: 't', user: { is_email_verified: 1 } });
    renderAt('/earn', 'app');
    expect(await screen.findByRole('heading', { name: 'Guarded page' })).toBeTruthy();
  });

  it('sends an unverified user from an app page to /verify', async () => {
    await plant({ token: 't', user: { is_email_verified: 0 } });
    renderAt('/earn', 'app');
    expect((await screen.findByTestId('where')).textContent).toBe('/verify');
    expect(getSession()).not.toBeNull();
  });

  it('clears an empty-token session and goes to the root', async () => {
    await plant({ token: '', user: { is_email_verified: 1 } });
    renderAt('/tabs/home', 'app');
    expect((await screen.findByTestId('where')).textContent).toBe('/');
    expect(getSession()).toBeNull();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('sends a signed-in visitor from login to tabs/home', async () => {
    await plant({ token: 't', user: { is_email_verified: 1 } });
    renderAt('/login', 'visitor');
    expect((await screen.findByTestId('where')).textContent).toBe('/tabs/home');
  });

  it('treats a stored value that is not JSON as no session', async () => {
    await plant('{broken');
    renderAt('/login', 'visitor');
    expect(await screen.findByRole('heading', { name: 'Guarded page' })).toBeTruthy();
  });

  it('sends a verified user away from verify to tabs/home', async () => {
    await plant({ token: 't', user: { is_email_verified: 1 } });
    renderAt('/verify', 'verify');
    expect((await screen.findByTestId('where')).textContent).toBe('/tabs/home');
  });

  it('lets anyone see an open page', async () => {
    renderAt('/version', 'open');
    expect(await screen.findByRole('heading', { name: 'Guarded page' })).toBeTruthy();
  });
});
