import type { TStoredSession } from '@fit24/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  expectPage,
  newPhonePage,
  plantSession,
  realSession,
  type Stack,
  shootBothSizes,
  shooter,
  shownPage,
  startStack,
} from './harness.ts';

const shot = shooter('unavailable');

/**
 * A server run as in production with no node for any network (nothing is simulated there): every asset's
 * deposits and withdrawals are unavailable, and the app says why instead of asking for an address.
 */
describe('deposits where the network has no node (production)', () => {
  let stack: Stack;
  let alice: TStoredSession;
  let btc = 0;

  beforeAll(async () => {
    stack = await startStack({ nodeEnv: 'production', testClock: false });
    alice = await realSession(stack, { emailVerified: true });
    btc = (
      await stack.ctx.db
        .selectFrom('assets')
        .select('asset_id')
        .where('symbol', '=', 'BTC')
        .executeTakeFirstOrThrow()
    ).asset_id;
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('shows the server’s reason on the deposit and withdraw pages, and asks for no address', async () => {
    const asset = await api(stack, 'GET', `/api/asset?asset_id=${btc}`, { token: alice.token });
    const reason: string = asset.body.data.asset.unavailable_reason;
    expect(reason).toBeTruthy();
    expect(asset.body.data.asset).toMatchObject({ deposit_enabled: 0, withdraw_enabled: 0 });

    const { context, page } = await newPhonePage(stack);
    const walletCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/asset/wallet') walletCalls.push(request.url());
    });
    await plantSession(page, alice);
    await page.goto(`/funds/deposit?asset_id=${btc}`);
    await expectPage(page, 'funds/deposit', '/funds/deposit');
    const deposit = shownPage(page, 'funds/deposit');
    await expect.poll(() => deposit.getByTestId('deposit-unavailable-reason').textContent()).toBe(reason);
    expect(await deposit.getByTestId('deposit-unavailable-title').textContent()).toBe(
      'BTC deposits are not available',
    );
    expect(await deposit.getByTestId('deposit-qr').count()).toBe(0);
    expect(await deposit.locator('.fit24-bone').count()).toBe(0);
    expect(walletCalls).toEqual([]);
    await shootBothSizes(page, shot, 'deposit');

    await page.goto(`/funds/withdraw?asset_id=${btc}`);
    await expectPage(page, 'funds/withdraw', '/funds/withdraw');
    const withdraw = shownPage(page, 'funds/withdraw');
    await expect.poll(() => withdraw.getByTestId('withdraw-unavailable-reason').textContent()).toBe(reason);
    expect(await withdraw.getByTestId('withdraw-unavailable-title').textContent()).toBe(
      'BTC withdrawals are not available',
    );
    // Not "set a transaction password first": no password would make it possible.
    expect(await withdraw.getByTestId('withdraw-need-txn-password').count()).toBe(0);
    await shot(page, 'withdraw-390');
    await context.close();
  });
});
