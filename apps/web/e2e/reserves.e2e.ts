import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { TReservesData, TStoredSession } from '@fit24/contract';
import { parseProof, verifyProof } from '@fit24/reserves';
import type { Page } from 'playwright-core';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hotWallet,
  startTestChain,
  type TestChain,
  testEvmConfig,
} from '../../server/src/testing/custody.ts';
import {
  api,
  DESKTOP,
  deposit,
  expectPage,
  newPhonePage,
  ops,
  PHONE,
  plantSession,
  realSession,
  type Stack,
  shootBothSizes,
  shooter,
  shownPage,
  startStack,
} from './harness.ts';

const shot = shooter('reserves');
const verifier = fileURLToPath(
  new URL('../../../packages/reserves/bin/fit24-verify-reserves.mjs', import.meta.url),
);

/**
 * Issue 16 in the browser: a user with ether deposited on a real chain (Hardhat) and bitcoin on the devnet
 * opens Account → Proof of reserves after an operator's snapshot, sees their balances included (checked in
 * the page against the published root), the ether backed by addresses whose signatures the page verified,
 * the bitcoin "not provable", and downloads a proof file that verifies outside the app too.
 */
/** The rest of the page below the first screen, part by part, on the phone and at desktop width. */
async function shootDown(page: Page, take: ReturnType<typeof shooter>, name: string): Promise<void> {
  const view = shownPage(page, 'reserves');
  for (const part of ['assets', 'step-signatures', 'command']) {
    for (const [size, viewport] of [
      ['390', PHONE],
      ['1280', DESKTOP],
    ] as const) {
      await page.setViewportSize(viewport);
      await view.getByTestId(`reserves-${part}`).evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await page.waitForTimeout(150);
      await take(page, `${name}-${part}-${size}`);
    }
  }
  await page.setViewportSize(PHONE);
}

describe('proof of reserves in the app', () => {
  let chain: TestChain;
  let stack: Stack;
  let alice: TStoredSession;
  let eth = 0;

  beforeAll(async () => {
    chain = await startTestChain();
    const evm = testEvmConfig(chain, { pollMs: 300, confirmations: 1 });
    stack = await startStack({ evm });
    alice = await realSession(stack, { emailVerified: true, name: 'Alice Reyes' });
    eth = (
      await stack.ctx.db
        .selectFrom('assets')
        .select('asset_id')
        .where('symbol', '=', 'ETH')
        .executeTakeFirstOrThrow()
    ).asset_id;
    // The exchange's own ether on its hot wallet: reserves above what users are owed.
    await chain.send(hotWallet(evm), 'ETH', '0.05', 0);
  });
  afterAll(async () => {
    await stack?.close();
    await chain?.close();
  });

  async function openFromAccount(page: Page): Promise<void> {
    await page.goto('/tabs/account');
    await expectPage(page, 'tabs/account', '/tabs/account');
    await shownPage(page, 'tabs/account').getByTestId('account-link-reserves').click();
    await expectPage(page, 'reserves', '/reserves');
  }

  it('says no snapshot has been published yet', async () => {
    const { context, page } = await newPhonePage(stack);
    await plantSession(page, alice);
    await openFromAccount(page);
    const view = shownPage(page, 'reserves');
    await view.getByTestId('reserves-empty').waitFor();
    expect(await view.getByTestId('reserves-empty').textContent()).toContain('No snapshot published yet');
    await shot(page, 'empty-390');
    await context.close();
  });

  it("shows the user's balances included and verified, the reserves signed, and downloads a proof that verifies", {
    timeout: 120_000,
  }, async () => {
    // Ether from the customer's own wallet to their deposit address, credited by custody; bitcoin on the devnet.
    const wallet = await api(stack, 'GET', `/api/asset/wallet?asset_id=${eth}`, { token: alice.token });
    await chain.send(wallet.body.data.wallet.address as Address, 'ETH', '0.5');
    await expect
      .poll(
        async () => {
          const answer = await api(stack, 'GET', '/api/asset/balances', { token: alice.token });
          return answer.body.data.balances.find((b: { symbol: string }) => b.symbol === 'ETH')?.available;
        },
        { timeout: 30_000, interval: 300 },
      )
      .toBe('0.5');
    await deposit(stack, alice.user.email_id, 'BTC', '0.25');
    const bob = await realSession(stack, { emailVerified: true });
    await deposit(stack, bob.user.email_id, 'BTC', '1.5');

    const { snapshot } = await ops(stack, 'POST', '/ops/reserves/snapshots', {});
    expect(snapshot.user_count).toBe(2);

    const { context, page } = await newPhonePage(stack);
    await plantSession(page, alice);
    await openFromAccount(page);
    const view = shownPage(page, 'reserves');
    const verdict = view.getByTestId('reserves-verdict');
    await expect.poll(() => verdict.getAttribute('data-state'), { timeout: 15_000 }).toBe('included');
    expect(await view.getByTestId('reserves-verdict-title').textContent()).toBe(
      `Your balances are included in snapshot #${snapshot.id}`,
    );
    expect(await view.getByTestId('reserves-balance-ETH').textContent()).toBe('0.50');
    expect(await view.getByTestId('reserves-balance-BTC').textContent()).toBe('0.25');

    // Every check ran in the page and held: leaf, path (two leaves: one step), root, totals, signatures.
    for (const step of ['leaf', 'path', 'root', 'totals', 'signatures'])
      expect(await view.getByTestId(`reserves-step-${step}`).getAttribute('data-state'), step).toBe('ok');
    expect(await view.getByTestId('reserves-step-path').textContent()).toContain('1 step hashed');

    // Ether: on chain, every address signed, at least what is owed (0.55 held, less any sweep's gas).
    expect(await view.getByTestId('reserves-asset-ETH').getAttribute('data-status')).toBe('backed');
    expect(await view.getByTestId('reserves-status-ETH').textContent()).toBe('Fully backed');
    const ratio = (await view.getByTestId('reserves-ratio-ETH').textContent()) ?? '';
    expect(ratio).toMatch(/^1\d\d\.\d\d%$/);
    expect(Number.parseFloat(ratio)).toBeGreaterThanOrEqual(100);
    const holdings = view.getByTestId('reserves-holdings-ETH').locator('li');
    expect(await holdings.count()).toBeGreaterThanOrEqual(1);
    expect(
      await holdings.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-signed'))),
    ).not.toContain('0');
    // Bitcoin lives on the devnet: shown, never counted.
    expect(await view.getByTestId('reserves-asset-BTC').getAttribute('data-status')).toBe('not-provable');
    expect(await view.getByTestId('reserves-status-BTC').textContent()).toBe('Not provable on devnet');
    const command = (await view.getByTestId('reserves-command').textContent()) ?? '';
    expect(command).toBe(
      `npx fit24-verify-reserves fit24-proof-of-reserves-${snapshot.id}.json --url ${stack.baseUrl} --api-key ${stack.ctx.config.apiKeys[0]}`,
    );
    await page.waitForTimeout(300);
    await shootBothSizes(page, shot, 'included');
    await shootDown(page, shot, 'included');

    // The proof file: saved, parsed, and verified against the root GET /api/reserves publishes.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      view.getByTestId('reserves-download').click(),
    ]);
    expect(download.suggestedFilename()).toBe(`fit24-proof-of-reserves-${snapshot.id}.json`);
    const text = await readFile((await download.path())!, 'utf8');
    const parsed = parseProof(text);
    expect(parsed.ok).toBe(true);
    const published = (await api(stack, 'GET', '/api/reserves')).body.data as TReservesData;
    const root = published.snapshots.find((s) => s.id === snapshot.id)!.root;
    const verified = verifyProof(JSON.parse(text), { ...root, snapshot_id: String(snapshot.id) });
    expect(verified.ok).toBe(true);
    expect(verified.ok && verified.userId).toBe(String(alice.user.user_id));

    // And with the standalone verifier, run as the page tells the user to (the file where they saved it).
    const dir = await mkdtemp(join(tmpdir(), 'r3-proof-'));
    await writeFile(join(dir, download.suggestedFilename()), text);
    const [npx, bin, ...args] = command.split(' ');
    expect([npx, bin]).toEqual(['npx', 'fit24-verify-reserves']);
    const run = await promisify(execFile)(process.execPath, [verifier, ...args], { cwd: dir });
    expect(run.stdout).toMatch(/^valid/m);
    await rm(dir, { recursive: true, force: true });
    await context.close();
  });

  it('reads the same in Spanish on a light screen', async () => {
    await api(stack, 'POST', '/api/settings', {
      token: alice.token,
      body: { theme: 'light', language: 'es' },
    });
    const { context, page } = await newPhonePage(stack);
    await plantSession(page, alice);
    await page.evaluate(() => {
      localStorage.setItem('fit24.theme', 'light');
      localStorage.setItem('fit24.language', 'es');
    });
    await page.goto('/reserves');
    await expectPage(page, 'reserves', '/reserves');
    const view = shownPage(page, 'reserves');
    await expect
      .poll(() => view.getByTestId('reserves-verdict').getAttribute('data-state'), { timeout: 15_000 })
      .toBe('included');
    expect(await view.getByTestId('reserves-verdict-title').textContent()).toMatch(
      /^Tus saldos están incluidos en la instantánea n\.º \d+$/,
    );
    expect(await view.getByTestId('reserves-status-ETH').textContent()).toBe('Respaldo completo');
    expect(await view.getByTestId('reserves-ratio-ETH').textContent()).toMatch(/^1\d\d,\d\d %$/);
    await page.waitForTimeout(300);
    await shootBothSizes(page, shot, 'included-es-light');
    await shootDown(page, shot, 'included-es-light');
    await context.close();
  });

  it("shows an operator's new snapshot first, and an older one when chosen", async () => {
    await api(stack, 'POST', '/api/settings', {
      token: alice.token,
      body: { theme: 'dark', language: 'en' },
    });
    const { snapshot } = await ops(stack, 'POST', '/ops/reserves/snapshots', {});
    const { context, page } = await newPhonePage(stack);
    await plantSession(page, alice);
    await page.goto('/reserves');
    await expectPage(page, 'reserves', '/reserves');
    const view = shownPage(page, 'reserves');
    const title = view.getByTestId('reserves-verdict-title');
    await expect
      .poll(() => title.textContent(), { timeout: 15_000 })
      .toBe(`Your balances are included in snapshot #${snapshot.id}`);
    await view.getByTestId('reserves-snapshot').click();
    await page
      .locator('ion-popover ion-radio')
      .filter({ hasText: `#${snapshot.id - 1} ·` })
      .click();
    await expect
      .poll(() => title.textContent(), { timeout: 15_000 })
      .toBe(`Your balances are included in snapshot #${snapshot.id - 1}`);
    expect(await view.getByTestId('reserves-command').textContent()).toContain(
      `fit24-proof-of-reserves-${snapshot.id - 1}.json`,
    );
    await context.close();
  });

  it('refuses what a lying server sends: a proof with a balance raised, a signature not of the address', async () => {
    const { context, page } = await newPhonePage(stack);
    await plantSession(page, alice);
    // The real answers, altered on their way to the page: the page must trust neither.
    await page.route(
      (url) => url.pathname === '/api/reserves/proof',
      async (route) => {
        const answer = await (await route.fetch()).json();
        const { balances } = answer.data.proof.leaf;
        balances[0] = String(BigInt(balances[0]) + 1n);
        await route.fulfill({ json: answer });
      },
    );
    await page.route(
      (url) => url.pathname === '/api/reserves',
      async (route) => {
        const answer = await (await route.fetch()).json();
        const eth = answer.data.snapshots[0].assets.find((a: { asset: string }) => a.asset === 'ETH');
        const holding = eth.holdings[0];
        holding.signature = `${holding.signature.slice(0, 10)}${holding.signature[10] === '0' ? '1' : '0'}${holding.signature.slice(11)}`;
        await route.fulfill({ json: answer });
      },
    );
    await page.goto('/reserves');
    await expectPage(page, 'reserves', '/reserves');
    const view = shownPage(page, 'reserves');
    const verdict = view.getByTestId('reserves-verdict');
    await expect.poll(() => verdict.getAttribute('data-state'), { timeout: 15_000 }).toBe('failed');
    expect(await view.getByTestId('reserves-verdict-reason').getAttribute('data-code')).toBe('root-mismatch');
    expect(await view.getByTestId('reserves-verdict-reason').textContent()).toBe(
      'The proof does not lead to the published root.',
    );
    expect(await view.getByTestId('reserves-download').count()).toBe(0);
    expect(await view.getByTestId('reserves-step-root').getAttribute('data-state')).toBe('bad');
    expect(await view.getByTestId('reserves-step-root').textContent()).toContain(
      'The root does not match the published root',
    );
    expect(await view.getByTestId('reserves-step-signatures').getAttribute('data-state')).toBe('bad');
    expect(await view.getByTestId('reserves-asset-ETH').getAttribute('data-status')).toBe('unsigned');
    expect(await view.getByTestId('reserves-holdings-ETH').locator('li[data-signed="0"]').count()).toBe(1);
    await page.waitForTimeout(300);
    await shootBothSizes(page, shot, 'refused');
    await context.close();
  });

  it('tells a user who held nothing that they are not in the snapshot', async () => {
    const carol = await realSession(stack, { emailVerified: true });
    const { context, page } = await newPhonePage(stack);
    await plantSession(page, carol);
    await page.goto('/reserves');
    await expectPage(page, 'reserves', '/reserves');
    const verdict = shownPage(page, 'reserves').getByTestId('reserves-verdict');
    await expect.poll(() => verdict.getAttribute('data-state'), { timeout: 15_000 }).toBe('absent');
    expect(await shownPage(page, 'reserves').getByTestId('reserves-download').count()).toBe(0);
    await shot(page, 'absent-390');
    await context.close();
  });
});
