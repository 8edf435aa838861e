import type { TStoredSession } from '@fit24/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectPage,
  newPhonePage,
  ops,
  plantSession,
  realSession,
  type Stack,
  shootBothSizes,
  shooter,
  shownPage,
  startStack,
} from './harness.ts';

const shot = shooter('confirmations');

/**
 * A devnet deposit climbing to its confirmations live on the asset's history and on its own page, over
 * the `transactions` channel: the operator's blocks show without a reload and without the history being
 * fetched again.
 */
describe('live confirmations of a deposit (devnet)', () => {
  let stack: Stack;
  let alice: TStoredSession;
  let eth = 0;

  beforeAll(async () => {
    stack = await startStack();
    alice = await realSession(stack, { emailVerified: true });
    const row = await stack.ctx.db
      .selectFrom('assets')
      .select(['asset_id', 'confirmations'])
      .where('symbol', '=', 'ETH')
      .executeTakeFirstOrThrow();
    eth = row.asset_id;
    expect(row.confirmations).toBe(6);
  });
  afterAll(async () => {
    await stack?.close();
  });

  const mine = () => ops(stack, 'POST', '/ops/devnet/mine', { blocks: 1 });
  /** Ionic hides the page left behind once the push animation ends: a screenshot before shows both. */
  const settled = (page: Page, left: string) =>
    page.locator(`[data-page="${left}"].ion-page-hidden`).first().waitFor({ state: 'attached' });

  it('climbs 0/6 … 5/6 in the list, then Completed with the balance; the line opens its page', async () => {
    const { context, page } = await newPhonePage(stack);
    const historyCalls: number[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/asset/transactions') historyCalls.push(Date.now());
    });
    await plantSession(page, alice);
    await page.goto(`/funds/asset-balance?asset_id=${eth}`);
    await expectPage(page, 'funds/asset-balance', '/funds/asset-balance');
    const list = shownPage(page, 'funds/asset-balance');
    await list.getByTestId('asset-tx-empty').waitFor();
    await expect.poll(() => list.getByTestId('asset-total').textContent()).toContain('0.00');

    await ops(stack, 'POST', '/ops/devnet/deposit', {
      email_id: alice.user.email_id,
      symbol: 'ETH',
      amount: '0.25',
      confirmations: 0,
    });
    const line = list.getByTestId('asset-tx').first();
    await expect.poll(() => line.getAttribute('data-status'), { timeout: 10_000 }).toBe('PENDING');
    await expect
      .poll(() => line.getByTestId('asset-tx-confirmations').textContent())
      .toBe('0/6 confirmations');
    expect(await line.getByTestId('asset-tx-amount').textContent()).toBe('+0.25 ETH');
    expect(await line.textContent()).toContain('Pending');

    // From here on the list is fed by the socket alone: no reload, no refetch of the history.
    const callsBefore = historyCalls.length;
    for (let block = 1; block <= 2; block++) {
      await mine();
      await expect
        .poll(() => line.getByTestId('asset-tx-confirmations').textContent(), { timeout: 10_000 })
        .toBe(`${block}/6 confirmations`);
    }
    await shootBothSizes(page, shot, 'list-pending');

    // Its page, while it counts: the bar moves with the next block, live too.
    await line.locator('button').click();
    await expectPage(page, 'funds/transaction', '/funds/transaction');
    const detail = shownPage(page, 'funds/transaction');
    await expect
      .poll(() => detail.getByTestId('txd-confirmations').textContent())
      .toBe('2 of 6 confirmations');
    expect(await detail.getByTestId('txd-status').textContent()).toBe('Pending');
    expect(await detail.getByTestId('txd-type').textContent()).toBe('Deposit');
    expect(await detail.getByTestId('txd-amount').textContent()).toBe('+0.25 ETH');
    expect(await detail.getByTestId('txd-network').textContent()).toBe('Ethereum');
    expect(await detail.getByTestId('txd-sentence').textContent()).toBe(
      'Seen on the network. It is credited to your balance after 6 confirmations.',
    );
    await mine();
    await expect
      .poll(() => detail.getByTestId('txd-confirmations').textContent(), { timeout: 10_000 })
      .toBe('3 of 6 confirmations');
    await expect.poll(() => detail.getByTestId('txd-progress').getAttribute('aria-valuenow')).toBe('3');
    await settled(page, 'funds/asset-balance');
    await shootBothSizes(page, shot, 'detail-pending');

    await page.goBack();
    await expectPage(page, 'funds/asset-balance', '/funds/asset-balance');
    for (let block = 4; block <= 5; block++) {
      await mine();
      await expect
        .poll(() => line.getByTestId('asset-tx-confirmations').textContent(), { timeout: 10_000 })
        .toBe(`${block}/6 confirmations`);
    }
    expect(historyCalls.length).toBe(callsBefore);

    // The sixth block credits it: the line turns Completed and the balance shows it, with no reload.
    await mine();
    await expect.poll(() => line.getAttribute('data-status'), { timeout: 10_000 }).toBe('COMPLETED');
    await expect.poll(() => line.getByTestId('asset-tx-confirmations').count()).toBe(0);
    await expect
      .poll(() => list.getByTestId('asset-total').textContent(), { timeout: 10_000 })
      .toContain('0.25');
    expect(await list.getByTestId('asset-available').textContent()).toBe('0.25');

    await line.locator('button').click();
    await expectPage(page, 'funds/transaction', '/funds/transaction');
    await expect.poll(() => detail.getByTestId('txd-status').textContent()).toBe('Completed');
    await expect
      .poll(() => detail.getByTestId('txd-confirmations').textContent())
      .toBe('6 of 6 confirmations');
    expect(await detail.getByTestId('txd-progress').count()).toBe(0);
    expect(await detail.getByTestId('txd-sentence').textContent()).toBe('Credited to your balance.');
    expect(await detail.getByTestId('txd-network').textContent()).toBe('Ethereum');
    const hash = (await detail.getByTestId('txd-hash').textContent()) ?? '';
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await detail.getByTestId('txd-address').textContent()).toMatch(/^0x[0-9a-fA-F]{40}$/);
    // No explorer configured on a devnet.
    expect(await detail.getByTestId('txd-explorer').count()).toBe(0);
    await settled(page, 'funds/asset-balance');
    await shootBothSizes(page, shot, 'detail-completed');
    await context.close();
  });

  it('says so on a transaction that is not the user’s', async () => {
    const bob = await realSession(stack, { emailVerified: true });
    const [line] = await stack.ctx.db
      .selectFrom('asset_transactions')
      .select('tx_id')
      .where('asset_id', '=', eth)
      .execute();
    const { context, page } = await newPhonePage(stack);
    await plantSession(page, bob);
    await page.goto(`/funds/transaction?id=${line!.tx_id}`);
    await expectPage(page, 'funds/transaction', '/funds/transaction');
    const detail = shownPage(page, 'funds/transaction');
    await expect
      .poll(() => detail.getByTestId('txd-missing').textContent())
      .toContain('This transaction is not yours or does not exist');
    await shot(page, 'missing-390');
    await context.close();
  });
});
