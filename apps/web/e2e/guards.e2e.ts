import type { TStoredSession } from '@fit24/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectPage,
  newPhonePage,
  plantSession,
  realSession,
  type Stack,
  startStack,
  storedSession,
} from './harness.ts';

/** Spec §2, row by row. Each page marks itself with data-page="<route>"; the welcome page is "welcome". */
const visitorOnly = [
  ['/', 'welcome'],
  ['/login', 'login'],
  ['/register', 'register'],
  ['/terms', 'terms'],
  ['/forgot', 'forgot'],
] as const;
const appPages = [
  '/tabs/home',
  '/tabs/markets',
  '/tabs/wallet',
  '/tabs/account',
  '/notifications',
  '/settings',
  '/earn',
  '/insta',
  '/alerts',
  '/trade',
  '/bank',
  '/kyc',
  '/security',
] as const;
const openPages = [
  '/share',
  '/funds/asset-balance',
  '/funds/deposit',
  '/funds/withdraw',
  '/version',
] as const;

const pageName = (path: string) => path.slice(1);

describe('route guards of spec §2, in a real browser', () => {
  let stack: Stack;
  let verified: TStoredSession;
  let unverified: TStoredSession;

  beforeAll(async () => {
    stack = await startStack();
    verified = await realSession(stack, { emailVerified: true });
    unverified = await realSession(stack, { emailVerified: false });
  });
  afterAll(async () => {
    await stack?.close();
  });

  async function visit(path: string, session?: unknown) {
    const { context, page } = await newPhonePage(stack);
    if (session !== undefined) await plantSession(page, session);
    await page.goto(path);
    return { context, page };
  }

  describe('welcome, login, register, terms, forgot: visitors only', () => {
    for (const [path, name] of visitorOnly) {
      it(`shows ${path} to a visitor`, async () => {
        const { context, page } = await visit(path);
        await expectPage(page, name, path);
        await context.close();
      });
      it(`sends a signed-in visitor from ${path} to tabs/home`, async () => {
        const { context, page } = await visit(path, verified);
        await expectPage(page, 'tabs/home', '/tabs/home');
        await context.close();
      });
    }
  });

  describe('verify: a session with an unverified email', () => {
    it('shows verify to an unverified user', async () => {
      const { context, page } = await visit('/verify', unverified);
      await expectPage(page, 'verify', '/verify');
      await context.close();
    });
    it('sends a verified user to tabs/home', async () => {
      const { context, page } = await visit('/verify', verified);
      await expectPage(page, 'tabs/home', '/tabs/home');
      await context.close();
    });
    it('sends a visitor without a session to the root', async () => {
      const { context, page } = await visit('/verify');
      await expectPage(page, 'welcome', '/');
      await context.close();
    });
  });

  describe('app pages: a token and a verified email', () => {
    for (const path of appPages) {
      it(`shows ${path} to a verified user`, async () => {
        const { context, page } = await visit(path, verified);
        await expectPage(page, pageName(path), path);
        await context.close();
      });
      it(`sends an unverified user from ${path} to verify`, async () => {
        const { context, page } = await visit(path, unverified);
        await expectPage(page, 'verify', '/verify');
        await context.close();
      });
      it(`clears a session without a token and goes from ${path} to the root`, async () => {
        const { context, page } = await visit(path, { token: '', user: verified.user });
        await expectPage(page, 'welcome', '/');
        expect(await storedSession(page)).toBeNull();
        await context.close();
      });
    }
  });

  describe('open pages: no guard', () => {
    for (const path of openPages) {
      it(`shows ${path} without a session`, async () => {
        const { context, page } = await visit(path);
        await expectPage(page, pageName(path), path);
        await context.close();
      });
    }
  });

  describe('affiliate: login and an affiliate profile', () => {
    it('sends a visitor without a session to the root', async () => {
      const { context, page } = await visit('/affiliate');
      await expectPage(page, 'welcome', '/');
      await context.close();
    });
    it('sends a signed-in user whose profile cannot be loaded to earn', async () => {
      const { context, page } = await visit('/affiliate', verified);
      await expectPage(page, 'earn', '/earn');
      await context.close();
    });
  });

  describe('code 502: the session is invalid', () => {
    it('signs out, clears the stored session and lands on the root when the token is not valid', async () => {
      const forged: TStoredSession = {
        token: 'forged-token-that-the-server-never-issued',
        user: verified.user,
      };
      const { context, page } = await visit('/tabs/home', forged);
      await expectPage(page, 'welcome', '/');
      await expect.poll(() => storedSession(page)).toBeNull();
      await context.close();
    });

    it('does the same when the session is revoked while the app is open', async () => {
      const session = await realSession(stack, { emailVerified: true });
      const { context, page } = await visit('/tabs/account', session);
      await expectPage(page, 'tabs/account', '/tabs/account');
      const signout = await fetch(`${stack.baseUrl}/api/auth/signout`, {
        method: 'POST',
        headers: { 'x-api-key': stack.ctx.config.apiKeys[0]!, authorization: `Bearer ${session.token}` },
      });
      expect(signout.status).toBe(200);
      await page.goto('/tabs/home');
      await expectPage(page, 'welcome', '/');
      expect(await storedSession(page)).toBeNull();
      await context.close();
    });
  });
});
