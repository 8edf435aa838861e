import type { Browser, BrowserContext } from 'playwright-core';

/** What Chromium refused under the Content-Security-Policy, on any page of the watched browsers. */
const violations: string[] = [];

const BINDING = '__fit24CspViolation';

/**
 * Records every Content-Security-Policy violation of every page the browser will open: each new context
 * gets a `securitypolicyviolation` listener (an init script, so it is in place before the page's own
 * scripts) and a console listener for Chromium's "Refused to … Content Security Policy" errors. Patched
 * on the browser itself, so a test that opens its own context is watched too.
 */
export function watchCspViolations(browser: Browser): void {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await watchContext(context);
    return context;
  };
  // `browser.newPage` makes a context of its own, closed with the page: keep that, through the watch.
  browser.newPage = async (options) => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    page.once('close', () => void context.close().catch(() => undefined));
    return page;
  };
}

/** Watches one context: for a context not made by a watched browser (a persistent profile). */
export async function watchContext(context: BrowserContext): Promise<void> {
  await context.exposeBinding(BINDING, ({ page }, text: string) => {
    violations.push(`${page.url()}: ${text}`);
  });
  await context.addInitScript((binding) => {
    const report = (window as unknown as Record<string, (text: string) => void>)[binding];
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        const where = event.sourceFile ? ` at ${event.sourceFile}:${event.lineNumber}` : '';
        const sample = event.sample ? ` "${event.sample}"` : '';
        report?.(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}${where}${sample}`);
      },
      true,
    );
  }, BINDING);
  context.on('console', (message) => {
    if (message.type() === 'error' && /Content.Security.Policy/i.test(message.text())) {
      violations.push(`${message.page()?.url() ?? 'worker'}: console: ${message.text()}`);
    }
  });
}

/** The violations recorded so far, and forgets them. */
export function takeCspViolations(): string[] {
  return violations.splice(0);
}

/** Throws, listing them, when any violation was recorded since the last check (then forgets them). */
export function assertNoCspViolations(): void {
  const found = takeCspViolations();
  if (found.length > 0) {
    throw new Error(`Content-Security-Policy violations (${found.length}):\n${found.join('\n')}`);
  }
}
