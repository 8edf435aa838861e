import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertNoCspViolations, takeCspViolations } from './csp-watch.ts';
import { expectPage, newPhonePage, type Stack, startStack } from './harness.ts';

/** The app under the server's Content-Security-Policy, and the proof that the suite's detector sees a violation. */
describe('content security policy in the browser', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('serves the app with a CSP that allows no inline script, and the app renders under it', async () => {
    const { context, page } = await newPhonePage(stack);
    const policyWarnings: string[] = [];
    page.on('console', (message) => {
      if (/Permissions-Policy/i.test(message.text())) policyWarnings.push(message.text());
    });
    const response = await page.goto('/');
    const csp = response?.headers()['content-security-policy'] ?? '';
    const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(scriptSrc).toMatch(/^'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    await expectPage(page, 'welcome', '/');
    await expect.poll(() => page.getByTestId('welcome-sign-in').isVisible()).toBe(true);
    // Ionic's components are styled (their injected <style> elements carry the page's nonce).
    const buttonHeight = await page
      .getByTestId('welcome-sign-in')
      .evaluate((el) => el.getBoundingClientRect().height);
    expect(buttonHeight).toBeGreaterThan(20);
    // Every feature named in Permissions-Policy is one Chromium knows (else: "Error with
    // Permissions-Policy header: Unrecognized feature", a console warning).
    expect(response?.headers()['permissions-policy']).toContain('publickey-credentials-get=(self)');
    expect(policyWarnings).toEqual([]);
    await context.close();
  });

  it('reports an injected inline script, on a page the test opened itself, and the check fails on it', async () => {
    const page = await stack.browser.newPage({ baseURL: stack.baseUrl });
    await page.goto('/');
    await expectPage(page, 'welcome', '/');
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__fit24Injected = true;';
      document.body.append(script);
    });
    expect(await page.evaluate(() => '__fit24Injected' in window)).toBe(false);

    const seen: string[] = [];
    await expect
      .poll(() => {
        seen.push(...takeCspViolations());
        return seen.some((v) => v.includes('console:')) && seen.some((v) => v.includes('script-src-elem'));
      })
      .toBe(true);
    expect(seen.join('\n')).toMatch(/script-src-elem blocked inline/);
    expect(seen.join('\n')).toMatch(/console: .*Content Security Policy/);

    // What afterEach does with them: fail the test, listing each.
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__fit24Again = true;';
      document.body.append(script);
    });
    await expect
      .poll(() => {
        try {
          assertNoCspViolations();
          return 'none yet';
        } catch (error) {
          return (error as Error).message;
        }
      })
      .toMatch(/Content-Security-Policy violations \(\d+\):\n.*script-src/);
    await page.close();
    // The second report of that violation (event and console arrive separately) is no failure of this test.
    await new Promise((resolve) => setTimeout(resolve, 500));
    takeCspViolations();
  });
});
