import type { TStoredSession } from '@fit24/contract';
import { describe, expect, it } from 'vitest';
import { createSession } from '../../server/src/modules/auth/sessions.service.ts';
import {
  api,
  expectPage,
  newPhonePage,
  plantSession,
  realSession,
  type Stack,
  shooter,
  storedSession,
  suiteStack,
} from './harness.ts';

const shot = shooter('session-revoked');

/** A phone on the wallet tab, recording its REST calls, its socket frames and when it reached the root. */
async function phoneOnWallet(stack: Stack, session: TStoredSession) {
  const { context, page } = await newPhonePage(stack);
  const calls: Array<{ at: number; path: string }> = [];
  // biome-ignore lint/suspicious/noExplicitAny: socket frames of every shape
  const received: any[] = [];
  // biome-ignore lint/suspicious/noExplicitAny: socket frames of every shape
  const sent: any[] = [];
  let atRoot: number | null = null;
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) calls.push({ at: Date.now(), path: pathname });
  });
  page.on('websocket', (socket) => {
    socket.on('framereceived', (frame) => received.push(JSON.parse(String(frame.payload))));
    socket.on('framesent', (frame) => sent.push(JSON.parse(String(frame.payload))));
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && new URL(frame.url()).pathname === '/') atRoot ??= Date.now();
  });
  await plantSession(page, session);
  await page.goto('/tabs/wallet');
  await expectPage(page, 'tabs/wallet', '/tabs/wallet');
  // Signed in on the socket, listening to the balances; the screen's REST calls answered and settled.
  await expect
    .poll(() => received.some((m) => m.channel === 'balances' && m.type === 'snapshot'), { timeout: 15_000 })
    .toBe(true);
  await page.getByTestId('wallet-assets').first().waitFor();
  await quiet(calls);
  return { context, page, calls, received, sent, atRoot: () => atRoot };
}

/** Waits until the page has made no REST call for half a second. */
async function quiet(calls: Array<{ at: number }>): Promise<void> {
  await expect
    .poll(() => Date.now() - (calls.at(-1)?.at ?? 0), { timeout: 15_000, interval: 100 })
    .toBeGreaterThan(500);
}

describe('a session revoked elsewhere ends the app at once, without a call from the screen', () => {
  const stack = suiteStack();

  const revocations = [
    {
      name: 'signed out everywhere from another device',
      revoke: async (session: TStoredSession) => {
        const other = await createSession(stack.ctx.db, stack.ctx.clock.now(), BigInt(session.user.user_id), {
          device: 'another phone',
          ip: '127.0.0.2',
        });
        return api(stack, 'POST', '/api/auth/signout/all', { token: other.token });
      },
    },
    {
      name: 'its token signed out through the API',
      revoke: (session: TStoredSession) => api(stack, 'POST', '/api/auth/signout', { token: session.token }),
    },
  ];

  it.each(revocations)(
    'goes to the welcome page with the session cleared when $name',
    async ({ name, revoke }) => {
      const session = await realSession(stack, { emailVerified: true, name: 'Rhea Revoked' });
      const phone = await phoneOnWallet(stack, session);
      const { page } = phone;
      try {
        expect(await storedSession(page)).not.toBeNull();
        const revokedAt = Date.now();
        expect((await revoke(session)).status).toBe(200);

        await expectPage(page, 'welcome', '/');
        expect(await storedSession(page)).toBeNull();
        // It says why it is back at the start: a notice at the foot of the screen, clear of any header.
        const notice = page.getByTestId('session-ended');
        await expect
          .poll(() => notice.textContent())
          .toContain('Your session has ended. Please sign in again.');
        const box = await notice.boundingBox();
        expect(box!.y).toBeGreaterThan(page.viewportSize()!.height / 2);
        const arrived = phone.atRoot();
        expect(arrived).not.toBeNull();
        // The socket told it: no REST call of the page was needed (nor made) to learn the session ended.
        expect(phone.calls.filter((c) => c.at >= revokedAt && c.at <= arrived!)).toEqual([]);
        expect(phone.calls.filter((c) => c.path === '/api/auth/signout')).toEqual([]);
        expect(phone.received).toContainEqual({
          channel: 'auth',
          type: 'update',
          data: { code: 502, message: 'Your session has ended. Please sign in again.' },
        });
        // The dead token is not sent again, however long the app stays open.
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        expect(phone.sent.filter((m) => m.op === 'auth')).toEqual([{ op: 'auth', token: session.token }]);
        expect(await page.getByText('Rhea Revoked').count()).toBe(0);
        await expectPage(page, 'welcome', '/');
        if (name.includes('everywhere')) await shot(page, 'welcome');
        // Until dismissed.
        await page.getByTestId('session-ended-dismiss').click();
        await expect.poll(() => notice.count()).toBe(0);
      } finally {
        await phone.context.close();
      }
    },
  );
});
