// `npm run lighthouse`: Lighthouse 12 (mobile profile, simulated slow 4G and a 4× slower CPU) on the
// welcome, home and trade screens of the real server with the demo data, and a table of the figures for
// the README. A benchmark, never a test: nothing is asserted. It builds the web app only when
// apps/web/dist has no build (LIGHTHOUSE_WEB_DIST measures another build folder); the server runs from
// its sources on a free port with a fresh data folder, and a fresh Chromium profile is used per screen.
// LIGHTHOUSE_REPORT_DIR=<folder> keeps each run's whole report (<screen>-<time>.json) there. Each screen is
// measured LIGHTHOUSE_RUNS times (default 3) and the run of median performance is the one printed (with
// the spread beside it): on a 2-core machine one run's Total Blocking Time varies by a factor of two.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import {
  demoSession,
  SESSION_STORAGE_KEY,
  startServer,
  stopServer,
  waitQuiet,
  webDist,
} from './demo-server.ts';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'];

/**
 * Puts the session in the fresh profile's storage through a page that loads none of the app (the health
 * check), so the measured load starts with an empty cache and no service worker, as a first visit.
 */
async function plantSession(port: number, base: string, session: unknown): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = browser.contexts()[0] ?? (await browser.newContext());
  const page = await context.newPage();
  await page.goto(`${base}/healthz`);
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key, value),
    [SESSION_STORAGE_KEY, JSON.stringify(session)],
  );
  await page.close();
  await browser.close();
}

interface Figures {
  screen: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's runtime error when the run could not measure the page (then the figures are empty). */
  failed?: string;
}

async function measure(screen: string, url: string, base: string, session?: unknown): Promise<Figures> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  try {
    if (session) await plantSession(chrome.port, base, session);
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      // Lighthouse would otherwise clear the storage that holds the session.
      disableStorageReset: Boolean(session),
    });
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    // The whole report (critical request chains, the LCP element, main-thread work) for a closer look.
    const reports = process.env.LIGHTHOUSE_REPORT_DIR;
    if (reports) {
      mkdirSync(reports, { recursive: true });
      writeFileSync(join(reports, `${screen}-${Date.now()}.json`), String(result.report));
    }
    const { categories, audits, runtimeError } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    return {
      screen,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      tbtMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
      cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
      ...(runtimeError ? { failed: runtimeError.code } : {}),
    };
  } finally {
    chrome.kill();
  }
}

const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
/** LIGHTHOUSE_SCREENS=home,trade measures only those (default: all three). */
const SCREENS = (process.env.LIGHTHOUSE_SCREENS ?? 'welcome,home,trade').split(',');

/** A screen measured RUNS times: the run of median performance, and every run's score and TBT. */
async function measureRuns(
  screen: string,
  url: string,
  base: string,
  session?: unknown,
): Promise<{ median: Figures; runs: Figures[] }> {
  const runs: Figures[] = [];
  for (let run = 0; run < RUNS; run++) runs.push(await measure(screen, url, base, session));
  // A run Lighthouse could not finish (a runtime error, figures empty) is shown but never the median.
  const sorted = runs.filter((r) => !r.failed).sort((a, b) => a.performance - b.performance);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!median) throw new Error(`no run of ${screen} finished: ${runs.map((r) => r.failed).join(', ')}`);
  return { median, runs };
}

function printTable(measured: { median: Figures; runs: Figures[] }[]): void {
  console.log('\n| screen  | performance | accessibility | best practices | LCP    | TBT    | CLS   |');
  console.log('| ------- | ----------- | ------------- | -------------- | ------ | ------ | ----- |');
  for (const r of measured.map((m) => m.median)) {
    const cells = [
      r.screen.padEnd(7),
      String(r.performance).padStart(11),
      String(r.accessibility).padStart(13),
      String(r.bestPractices).padStart(14),
      `${(r.lcpMs / 1000).toFixed(2)} s`.padStart(6),
      `${Math.round(r.tbtMs)} ms`.padStart(6),
      r.cls.toFixed(3).padStart(5),
    ];
    console.log(`| ${cells.join(' | ')} |`);
  }
  if (RUNS === 1) return;
  console.log(`\nThe run of median performance of ${RUNS}; every run (performance, TBT):`);
  for (const { median, runs } of measured) {
    const each = runs
      .map((r) => (r.failed ? `failed (${r.failed})` : `${r.performance} (${Math.round(r.tbtMs)} ms)`))
      .join(', ');
    console.log(`  ${median.screen.padEnd(7)} ${each}`);
  }
}

const server = await startServer(webDist(process.env.LIGHTHOUSE_WEB_DIST));
try {
  const { session, marketId } = await demoSession(server.url);
  const waited = Date.now();
  await waitQuiet(server);
  console.log(
    `The server settled in ${((Date.now() - waited) / 1000).toFixed(1)} s; measuring ${RUNS} run(s) per screen.`,
  );
  const screens: [string, string, unknown?][] = [
    ['welcome', `${server.url}/`],
    ['home', `${server.url}/tabs/home`, session],
    ['trade', `${server.url}/trade?market_id=${marketId}`, session],
  ];
  const rows = [];
  for (const [screen, url, signedIn] of screens.filter(([screen]) => SCREENS.includes(screen)))
    rows.push(await measureRuns(screen, url, server.url, signedIn));
  printTable(rows);
  console.log(
    `\nLighthouse 12, mobile profile (simulated throttling), ${CHROME_PATH}, ${new Date().toISOString()}`,
  );
} finally {
  await stopServer(server);
}
