import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, DESKTOP, newPhonePage, newSizedPage, plantSession, suiteStack } from './harness.ts';
import { demoTour, visit } from './tour.ts';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[]; html?: string; failureSummary?: string }>;
}

/** axe-core's serious and critical findings on the page as it is now (WCAG 2.1 A and AA rules). */
async function seriousViolations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (...args: unknown[]) => Promise<{ violations: unknown[] }> } }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return result.violations;
  });
  return (violations as Violation[]).filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

function describeViolations(screen: string, violations: Violation[]): string[] {
  return violations.flatMap((v) =>
    v.nodes
      .slice(0, 3)
      .map(
        (node) =>
          `${screen}: ${v.id} (${v.impact}) ${JSON.stringify(node.target)} — ${v.help}; ${(node.html ?? '').slice(0, 240)}; ${(node.failureSummary ?? '').replace(/\s+/g, ' ')}`,
      ),
  );
}

/**
 * Issue 15: axe-core on every screen of the user app finds no serious or critical problem — names,
 * contrast (4.5:1), roles, labels, zoom — in the dark and the light palette, on a phone and a desktop.
 */
describe('accessibility of every screen', () => {
  const stack = suiteStack({ demo: true });

  async function walk(page: Page, screens: string[]): Promise<string[]> {
    const found: string[] = [];
    for (const screen of screens) {
      const started = Date.now();
      await visit(page, screen);
      const shown = Date.now();
      found.push(...describeViolations(screen, await seriousViolations(page)));
      if (process.env.A11Y_TIMES)
        console.log(`${screen}: shown ${shown - started} ms, axe ${Date.now() - shown} ms`);
    }
    return found;
  }

  it('allows zooming: the viewport neither fixes the scale nor forbids scaling', async () => {
    const { context, page } = await newPhonePage(stack);
    await page.goto('/');
    const viewport = await page.locator('meta[name="viewport"]').getAttribute('content');
    expect(viewport).not.toMatch(/user-scalable\s*=\s*(no|0)/i);
    expect(viewport).not.toMatch(/maximum-scale\s*=\s*1(\.0)?\b/i);
    await context.close();
  });

  it('finds nothing serious on any screen in the dark palette, on a phone', {
    timeout: 300_000,
  }, async () => {
    const tour = await demoTour(stack);
    const { context, page } = await newPhonePage(stack);
    const found = await walk(page, tour.visitor);
    await plantSession(page, tour.session);
    found.push(...(await walk(page, tour.signedIn)));
    expect(found.join('\n')).toBe('');
    await context.close();
  });

  it('finds nothing serious on any screen in the light palette, on a desktop', {
    timeout: 300_000,
  }, async () => {
    const tour = await demoTour(stack);
    const { context, page } = await newSizedPage(stack, DESKTOP);
    await page.goto('/version');
    await page.evaluate(() => localStorage.setItem('fit24.theme', 'light'));
    // The account's theme wins once signed in: make it light there too.
    await api(stack, 'POST', '/api/settings', { token: tour.session.token, body: { theme: 'light' } });
    const found = await walk(page, tour.visitor);
    await plantSession(page, tour.session);
    found.push(...(await walk(page, tour.signedIn)));
    expect(found.join('\n')).toBe('');
    await context.close();
  });
});
