import type { TStoredSession } from '@fit24/contract';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO_USER } from '../../server/src/demo/demo.ts';
import { AFFILIATE_SCREENS } from '../src/features/affiliate/screens.ts';
import { api, marketIdOf, ops, type Stack } from './harness.ts';

/**
 * Every screen of the user app, as the demo user (`DEMO=1`: balances, history, an affiliate network) sees
 * it, for the checks that must hold on all of them (accessibility, language). A screen is its address;
 * the visitor's screens are walked signed out.
 */
export interface Tour {
  session: TStoredSession;
  visitor: string[];
  signedIn: string[];
}

export const VISITOR_SCREENS = ['/', '/login', '/register', '/forgot', '/terms'];

export async function demoSession(stack: Stack): Promise<TStoredSession> {
  const signin = await api(stack, 'POST', '/api/auth/signin', {
    body: { email_id: DEMO_USER.email, password: DEMO_USER.password },
  });
  expect(signin.body.error, signin.body.message).toBe(false);
  return { token: signin.body.data.token, user: signin.body.data.user };
}

/** The demo user's session and the address of every screen, with real ids in the addresses that need one. */
export async function demoTour(stack: Stack): Promise<Tour> {
  const session = await demoSession(stack);
  const { token } = session;
  const assets = await stack.ctx.db.selectFrom('assets').select(['asset_id', 'symbol']).execute();
  const fit24 = assets.find((a) => a.symbol === 'FIT24')!.asset_id;
  const history = await api(stack, 'GET', `/api/asset/transactions?asset_id=${fit24}`, { token });
  const transactionId = (history.body.data.transactions as { id: number }[])[0]?.id;
  expect(transactionId, 'the demo user has FIT24 history').toBeDefined();
  const market = await marketIdOf(stack, token, 'BTC/USDT');
  // Proof of reserves shows its whole page (the demo user's balances verified) once a snapshot is published.
  const reserves = await api(stack, 'GET', '/api/reserves');
  if (reserves.body.data.snapshots.length === 0) await ops(stack, 'POST', '/ops/reserves/snapshots', {});
  return {
    session,
    visitor: VISITOR_SCREENS,
    signedIn: [
      '/tabs/home',
      '/tabs/markets',
      '/tabs/wallet',
      '/tabs/account',
      `/trade?market_id=${market}`,
      '/alerts',
      '/insta',
      '/notifications',
      '/settings',
      '/security',
      '/reserves',
      '/api-keys',
      '/kyc',
      '/bank',
      '/earn',
      '/affiliate',
      ...AFFILIATE_SCREENS.map((screen) => `/affiliate/${screen}`),
      '/share',
      `/funds/asset-balance?asset_id=${fit24}`,
      `/funds/deposit?asset_id=${fit24}`,
      `/funds/withdraw?asset_id=${fit24}`,
      `/funds/transfer?asset_id=${fit24}`,
      `/funds/transaction?id=${transactionId}`,
      '/version',
    ],
  };
}

/**
 * Opens `address` and waits until its page is the one shown and has settled: the chunk loaded, no
 * spinner or skeleton left (for at most a few seconds: a screen that keeps one is still checked).
 */
export async function visit(page: Page, address: string): Promise<void> {
  await page.goto(address);
  const path = address.split('?')[0]!;
  await page.waitForURL((url) => url.pathname === path, { timeout: 15_000 });
  await page
    .locator('.ion-page:not(.ion-page-hidden) [data-page], [data-page]:not(.ion-page-hidden)')
    .first()
    .waitFor({ state: 'visible', timeout: 15_000 });
  const busy = page
    .locator('[data-page]:not(.ion-page-hidden) .fit24-bone, [data-page]:not(.ion-page-hidden) ion-spinner')
    .locator('visible=true');
  for (let i = 0; i < 40 && (await busy.count()) > 0; i += 1) await page.waitForTimeout(100);
  // Ionic's page transition and the first data paint.
  await page.waitForTimeout(300);
}
