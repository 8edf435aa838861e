import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  expectPage,
  newPhonePage,
  ops,
  plantSession,
  realSession,
  type Stack,
  startStack,
  storedSession,
} from './harness.ts';

/** Spec §8 on the screen it shows in detail: a 502 on the dashboard signs out, clears and goes to the root. */
describe('the affiliate dashboard when the session ends', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('clears the stored session and every cached entry, and lands on the root', async () => {
    const session = await realSession(stack, { emailVerified: true });
    expect(
      (await api(stack, 'POST', '/api/affiliate/register', { token: session.token, body: {} })).status,
    ).toBe(200);
    await ops(stack, 'POST', '/ops/devnet/deposit', {
      email_id: session.user.email_id,
      symbol: 'FIT24',
      amount: '100',
    });
    expect(
      (await api(stack, 'POST', '/api/stakings/add', { token: session.token, body: { amount: '40' } }))
        .status,
    ).toBe(200);

    const { context, page } = await newPhonePage(stack);
    await plantSession(page, session);
    await page.goto('/affiliate');
    await expectPage(page, 'affiliate', '/affiliate');
    await expect.poll(() => page.getByTestId('affiliate-total-staked').textContent()).toContain('40.00');

    // The session ends elsewhere (sign out on another device); entering the dashboard again refreshes it.
    expect((await api(stack, 'POST', '/api/auth/signout', { token: session.token })).status).toBe(200);
    await page.reload();
    await expectPage(page, 'welcome', '/');
    expect(await storedSession(page)).toBeNull();

    // Nothing of the old user is shown to whoever signs in next: a fresh user sees an empty programme.
    const next = await realSession(stack, { emailVerified: true });
    await plantSession(page, next);
    await page.goto('/affiliate');
    await expectPage(page, 'earn', '/earn');
    await context.close();
  });
});
