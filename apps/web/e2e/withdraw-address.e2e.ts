import type { TStoredSession } from '@fit24/contract';
import type { Browser, Page } from 'playwright-core';
import { QRCodeSVG } from 'qrcode.react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  deposit,
  expectPage,
  fill,
  newPhonePage,
  plantSession,
  realSession,
  setTxnPassword,
  shooter,
  shownPage,
  suiteStack,
  visibleText,
} from './harness.ts';

const ETH_ID = 2;
/** An EIP-55 example address (mixed case, valid checksum). */
const ETH_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const shot = shooter('withdraw-address');

/** A QR code of `text` as a PNG, the way a phone's camera would hand it over: rendered, then photographed. */
async function qrPng(browser: Browser, text: string): Promise<Buffer> {
  const svg = renderToStaticMarkup(createElement(QRCodeSVG, { value: text, size: 320, marginSize: 4 }));
  const page = await browser.newPage();
  await page.setContent(`<body style="margin:0;background:#fff">${svg}</body>`);
  const png = await page.locator('svg').screenshot();
  await page.close();
  return png;
}

const addressInput = (page: Page) => page.getByTestId('withdraw-address').locator('input');
const amountInput = (page: Page) => page.getByTestId('withdraw-amount').locator('input');

/** The withdrawal address as a person fills it: scanned from a QR code, pasted, or typed and checked. */
describe('withdrawal address', () => {
  const stack = suiteStack();
  let alice: TStoredSession;

  beforeAll(async () => {
    alice = await realSession(stack, { emailVerified: true });
    await setTxnPassword(stack, alice, 'Vault-Door-2468');
    await deposit(stack, alice.user.email_id, 'ETH', '1');
  });

  async function openWithdraw(page: Page): Promise<void> {
    await plantSession(page, alice);
    await page.goto(`/funds/withdraw?asset_id=${ETH_ID}`);
    await expectPage(page, 'funds/withdraw', '/funds/withdraw');
    await shownPage(page, 'funds/withdraw').getByTestId('withdraw-scan').waitFor();
  }

  it('scans a payment request from a QR picture: the address, and the amount into the empty field', async () => {
    const { context, page } = await newPhonePage(stack);
    await openWithdraw(page);
    const review = page.getByTestId('withdraw-review');
    expect(await review.getAttribute('disabled')).not.toBeNull();

    const png = await qrPng(stack.browser, `ethereum:${ETH_ADDRESS}@1?value=2.5e17`);
    await page
      .getByTestId('withdraw-scan-input')
      .setInputFiles({ name: 'qr.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => addressInput(page).inputValue()).toBe(ETH_ADDRESS);
    await expect.poll(() => amountInput(page).inputValue()).toBe('0.25');
    await expect.poll(() => review.getAttribute('disabled')).toBeNull();
    await shot(page, 'scanned-390');

    // A picture with no code in it says so, and leaves the form as it was.
    const blank = await page.screenshot({ clip: { x: 0, y: 0, width: 40, height: 40 } });
    await page
      .getByTestId('withdraw-scan-input')
      .setInputFiles({ name: 'blank.png', mimeType: 'image/png', buffer: blank });
    await expect.poll(() => visibleText(page)).toContain('No QR code found in this picture.');
    expect(await addressInput(page).inputValue()).toBe(ETH_ADDRESS);
    await context.close();
  });

  it('pastes from the clipboard, and says so when the clipboard may not be read', async () => {
    const { context, page } = await newPhonePage(stack);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openWithdraw(page);
    await page.evaluate((text) => navigator.clipboard.writeText(text), `  ${ETH_ADDRESS.toLowerCase()}\n`);
    await page.getByTestId('withdraw-paste').click();
    await expect.poll(() => addressInput(page).inputValue()).toBe(ETH_ADDRESS.toLowerCase());
    await context.close();

    const refused = await newPhonePage(stack);
    await openWithdraw(refused.page);
    await refused.page.evaluate(() => {
      Object.defineProperty(navigator.clipboard, 'readText', {
        value: () => Promise.reject(new DOMException('Read permission denied.', 'NotAllowedError')),
      });
    });
    await refused.page.getByTestId('withdraw-paste').click();
    await expect.poll(() => visibleText(refused.page)).toContain('The clipboard could not be read.');
    await refused.context.close();
  });

  it('keeps review off, with the reason under the field, until address and amount are right', async () => {
    const { context, page } = await newPhonePage(stack);
    await openWithdraw(page);
    const review = page.getByTestId('withdraw-review');
    // One letter's case changed: the EIP-55 checksum no longer matches.
    await fill(page, 'withdraw-address', `${ETH_ADDRESS.slice(0, -1)}D`);
    await fill(page, 'withdraw-amount', '0.5');
    await expect
      .poll(() => page.getByTestId('withdraw-address').textContent())
      .toContain('its capital letters do not match its checksum');
    expect(await review.getAttribute('disabled')).not.toBeNull();

    await fill(page, 'withdraw-address', ETH_ADDRESS);
    await fill(page, 'withdraw-amount', '5');
    await expect
      .poll(() => page.getByTestId('withdraw-amount').textContent())
      .toContain('Insufficient ETH balance');
    expect(await review.getAttribute('disabled')).not.toBeNull();
    await shot(page, 'invalid-390');

    await fill(page, 'withdraw-amount', '0.5');
    await expect.poll(() => review.getAttribute('disabled')).toBeNull();
    await review.click();
    await page.getByTestId('withdraw-txn-password').waitFor();
    await context.close();
  });
});
