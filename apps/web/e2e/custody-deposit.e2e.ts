import type { TStoredSession } from '@fit24/contract';
import type { Page } from 'playwright-core';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestChain, type TestChain, testEvmConfig } from '../../server/src/testing/custody.ts';
import {
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

const shot = shooter('custody');

/**
 * A real deposit on a real EVM node (Hardhat): the address the deposit page shows receives 0.25 ETH from
 * the customer's own wallet, and the asset's page follows its confirmations live, block by block, to the
 * credit — the server's custody loop scanning the node every 300 ms.
 */
describe('an ETH deposit on a real chain, live in the app', () => {
  let chain: TestChain;
  let stack: Stack;
  let alice: TStoredSession;
  let eth = 0;

  beforeAll(async () => {
    chain = await startTestChain();
    stack = await startStack({ evm: testEvmConfig(chain, { pollMs: 300, confirmations: 3 }) });
    alice = await realSession(stack, { emailVerified: true });
    eth = (
      await stack.ctx.db
        .selectFrom('assets')
        .select('asset_id')
        .where('symbol', '=', 'ETH')
        .executeTakeFirstOrThrow()
    ).asset_id;
  });
  afterAll(async () => {
    await stack?.close();
    await chain?.close();
  });

  /** The custody scanner has read the chain up to its tip: a transfer sent now is in a block it will scan. */
  async function scannerAtTip(): Promise<void> {
    const tip = await chain.clients.publicClient.getBlockNumber();
    await expect
      .poll(
        async () =>
          (
            await stack.ctx.db
              .selectFrom('chain_heights')
              .select('height')
              .where('network', '=', 'ethereum')
              .executeTakeFirst()
          )?.height ?? -1n,
        { timeout: 15_000 },
      )
      .toBeGreaterThanOrEqual(tip);
  }

  const settled = (page: Page, left: string) =>
    page.locator(`[data-page="${left}"].ion-page-hidden`).first().waitFor({ state: 'attached' });

  it('shows the address, then the deposit pending with live confirmations, then credited', async () => {
    const { context, page } = await newPhonePage(stack);
    await plantSession(page, alice);
    await page.goto(`/funds/deposit?asset_id=${eth}`);
    await expectPage(page, 'funds/deposit', '/funds/deposit');
    const deposit = shownPage(page, 'funds/deposit');
    const address = ((await deposit.getByTestId('deposit-address').textContent()) ?? '').trim();
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(await deposit.getByTestId('deposit-network').textContent()).toBe('Ethereum');
    expect(await deposit.getByTestId('deposit-confirmations').textContent()).toBe('3 confirmations');
    expect(await deposit.getByTestId('deposit-unavailable').count()).toBe(0);

    await page.goto(`/funds/asset-balance?asset_id=${eth}`);
    await expectPage(page, 'funds/asset-balance', '/funds/asset-balance');
    const list = shownPage(page, 'funds/asset-balance');
    await list.getByTestId('asset-tx-empty').waitFor();

    await scannerAtTip();
    // Hardhat mines the transfer into a block of its own at once: one confirmation.
    const hash = await chain.send(address as Address, 'ETH', '0.25');
    const line = list.getByTestId('asset-tx').first();
    await expect.poll(() => line.getAttribute('data-status'), { timeout: 15_000 }).toBe('PENDING');
    await expect
      .poll(() => line.getByTestId('asset-tx-confirmations').textContent(), { timeout: 10_000 })
      .toBe('1/3 confirmations');
    expect(await line.getByTestId('asset-tx-amount').textContent()).toBe('+0.25 ETH');
    expect(await list.getByTestId('asset-available').textContent()).toBe('0.00');

    // Its page while it counts: the full hash, the explorer, and the next block arriving live.
    await line.locator('button').click();
    await expectPage(page, 'funds/transaction', '/funds/transaction');
    const detail = shownPage(page, 'funds/transaction');
    await expect.poll(() => detail.getByTestId('txd-hash').textContent()).toBe(hash);
    expect(await detail.getByTestId('txd-network').textContent()).toBe('Ethereum');
    expect((await detail.getByTestId('txd-address').textContent())?.toLowerCase()).toBe(
      address.toLowerCase(),
    );
    const explorer = detail.getByTestId('txd-explorer');
    expect(await explorer.getAttribute('href')).toBe(`https://explorer.example/tx/${hash}`);
    expect(await explorer.getAttribute('target')).toBe('_blank');
    expect(await explorer.getAttribute('rel')).toContain('noopener');
    await chain.mine(1);
    await expect
      .poll(() => detail.getByTestId('txd-confirmations').textContent(), { timeout: 10_000 })
      .toBe('2 of 3 confirmations');
    await settled(page, 'funds/asset-balance');
    await shootBothSizes(page, shot, 'detail-pending');

    await page.goBack();
    await expectPage(page, 'funds/asset-balance', '/funds/asset-balance');
    await expect
      .poll(() => line.getByTestId('asset-tx-confirmations').textContent())
      .toBe('2/3 confirmations');
    await chain.mine(1);
    await expect.poll(() => line.getAttribute('data-status'), { timeout: 10_000 }).toBe('COMPLETED');
    await expect
      .poll(() => list.getByTestId('asset-total').textContent(), { timeout: 10_000 })
      .toContain('0.25');
    expect(await list.getByTestId('asset-available').textContent()).toBe('0.25');
    await shootBothSizes(page, shot, 'list-credited');
    await context.close();
  });
});
