// `npm run lighthouse`: Lighthouse 12 (mobile profile, simulated slow 4G and a 4× slower CPU) on the
// welcome, home and trade screens of the real server with the demo data, and a table of the figures for
// the README. A benchmark, never a test: nothing is asserted. It builds the web app only when
// apps/web/dist has no build (LIGHTHOUSE_WEB_DIST measures another build folder); the server runs from
// its sources on a free port with a fresh data folder, and a fresh Chromium profile is used per screen.
// LIGHTHOUSE_REPORT_DIR=<folder> keeps each run's whole report (<screen>-<time>.json) there. Each screen is
// measured LIGHTHOUSE_RUNS times (default 3) and the run of median performance is the one printed (with
// the spread beside it): on a 2-core machine one run's Total Blocking Time varies by a factor of two.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

const root = fileURLToPath(new URL('..', import.meta.url));
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'];
const DEMO = { email_id: 'demo@fit24.exchange', password: 'Demo-password-24' };
const SESSION_STORAGE_KEY = 'CapacitorStorage.session';

interface Server {
  url: string;
  process: ChildProcess;
  dataDir: string;
}

function webDist(): string {
  const dist = resolve(process.env.LIGHTHOUSE_WEB_DIST ?? join(root, 'apps/web/dist'));
  if (existsSync(join(dist, 'index.html'))) {
    console.log(`Using the web app already built in ${dist} (run npm run build -w apps/web to rebuild it).`);
    return dist;
  }
  console.log(`No build in ${dist}: building the web app…`);
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the web app did not build');
  return dist;
}

/** The server as `npm run dev` runs it (without --watch), demo on, on a free port and a new data folder. */
async function startServer(dist: string): Promise<Server> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fit24-lighthouse-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      DEMO: '1',
      WEB_DIST: dist,
      LOG_LEVEL: 'warn',
    },
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const started = Date.now();
  for (;;) {
    const url = /running at (http:\/\/\S+)/.exec(output)?.[1];
    if (
      url &&
      (await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      ))
    )
      return { url, process: child, dataDir };
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
    if (Date.now() - started > 180_000) throw new Error(`the server did not start:\n${output}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

/** CPU time (user + system, in clock ticks of 10 ms) a process has used, from /proc; null off Linux. */
function cpuTicks(pid: number): number | null {
  try {
    // Fields after the command name (which is in parentheses and may hold spaces): utime is the 12th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/**
 * Waits until the server has settled (the demo's first start builds its network and history): under
 * 5% of a core for a second. On two cores its work would otherwise be measured as the page's.
 */
async function waitQuiet(server: Server): Promise<void> {
  const pid = server.process.pid;
  if (pid === undefined) return;
  const started = Date.now();
  let last = cpuTicks(pid);
  while (last !== null && Date.now() - started < 120_000) {
    await new Promise((done) => setTimeout(done, 1000));
    const now = cpuTicks(pid);
    if (now === null || now - last <= 5) return;
    last = now;
  }
}

async function stopServer(server: Server): Promise<void> {
  server.process.kill('SIGTERM');
  if (server.process.exitCode === null) await new Promise((done) => server.process.once('exit', done));
  rmSync(server.dataDir, { recursive: true, force: true });
}

/** The demo user's session (as the app stores it after sign-in) and the id of the BTC/USDT market. */
async function demoSession(base: string): Promise<{ session: unknown; marketId: number }> {
  const page = await (await fetch(`${base}/`)).text();
  const apiKey = /"apiKey":"([^"]+)"/.exec(page)?.[1];
  if (!apiKey) throw new Error('no API key in the served index.html');
  const headers = { 'x-api-key': apiKey, 'content-type': 'application/json' };
  const signin = await (
    await fetch(`${base}/api/auth/signin`, { method: 'POST', headers, body: JSON.stringify(DEMO) })
  ).json();
  const { token, user } = signin.data ?? {};
  if (!token) throw new Error(`the demo user could not sign in: ${JSON.stringify(signin)}`);
  const list = await (
    await fetch(`${base}/api/market/list`, { headers: { ...headers, authorization: `Bearer ${token}` } })
  ).json();
  const market =
    list.data.markets.find((m: { symbol: string }) => m.symbol === 'BTC/USDT') ?? list.data.markets[0];
  return { session: { token, user }, marketId: market.market_id };
}

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

const server = await startServer(webDist());
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
