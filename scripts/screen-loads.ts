// `npm run screen-loads -- <welcome|home|trade> <build>[,<build>…] [loads]`: loads one screen of each web build
// in turn (interleaved, so a machine slowing down weighs on every build alike), each load in a fresh browser
// context with the DevTools protocol's 4× CPU slowdown and a phone's viewport, and prints per build the
// median and range of the first 7 s: blocking time (long tasks past 50 ms, as the page's own observer saw
// them), and the main thread's task, script, and style-and-layout time (the browser's CPU counters). A
// benchmark, never a test. Lighthouse's simulated score swings by ±10 on a 2-core machine from one half hour
// to the next; two builds measured side by side this way separate what Lighthouse cannot (README, "Measure
// it"). Each build is served by its own real server with the demo data (scripts/demo-server.ts).
import { type Browser, chromium } from 'playwright-core';
import * as demo from './demo-server.ts';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const SCREENS = ['welcome', 'home', 'trade'] as const;
type Screen = (typeof SCREENS)[number];
/** How long each load is watched: the start, its data and the first live updates. */
const WATCH_MS = 7000;

const [screenArg = 'trade', buildsArg = 'apps/web/dist', loadsArg = '8'] = process.argv.slice(2);
if (!SCREENS.includes(screenArg as Screen)) throw new Error(`the screen is one of ${SCREENS.join(', ')}`);
const screen = screenArg as Screen;
const builds = buildsArg.split(',');
const loads = Math.max(1, Number(loadsArg));

interface Load {
  blockingMs: number;
  taskMs: number;
  scriptMs: number;
  layoutMs: number;
}

interface Served {
  build: string;
  server: demo.Server;
  path: string;
  session: unknown;
}

async function serve(build: string): Promise<Served> {
  const server = await demo.startServer(demo.webDist(build));
  const { session, marketId } = await demo.demoSession(server.url);
  await demo.waitQuiet(server);
  const path = { welcome: '/', home: '/tabs/home', trade: `/trade?market_id=${marketId}` }[screen];
  return { build, server, path, session: screen === 'welcome' ? null : session };
}

async function load(browser: Browser, served: Served): Promise<Load> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    if (served.session) {
      await page.goto(`${served.server.url}/healthz`);
      await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
        demo.SESSION_STORAGE_KEY,
        JSON.stringify(served.session),
      ] as const);
    }
    await page.addInitScript(() => {
      const seen = { blocking: 0 };
      Object.assign(globalThis, { __blocking: seen });
      new PerformanceObserver((list) => {
        for (const task of list.getEntries()) seen.blocking += Math.max(0, task.duration - 50);
      }).observe({ type: 'longtask', buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
    await page.goto(`${served.server.url}${served.path}`);
    await page.waitForTimeout(WATCH_MS);
    const blockingMs = await page.evaluate(
      () => (globalThis as unknown as { __blocking: { blocking: number } }).__blocking.blocking,
    );
    const { metrics } = await cdp.send('Performance.getMetrics');
    const metric = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
    return {
      blockingMs,
      taskMs: metric('TaskDuration'),
      scriptMs: metric('ScriptDuration'),
      layoutMs: metric('LayoutDuration') + metric('RecalcStyleDuration'),
    };
  } finally {
    await context.close();
  }
}

function summary(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
  const n = (v: number | undefined) => Math.round(v ?? Number.NaN).toLocaleString('en-GB');
  return `${n(median)} ms (${n(sorted[0])}–${n(sorted.at(-1))})`.padEnd(24);
}

const served: Served[] = [];
const browser = await chromium.launch({
  executablePath: CHROME_PATH,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-sync'],
});
try {
  for (const build of builds) served.push(await serve(build));
  const results = served.map(() => [] as Load[]);
  console.log(`${screen}: ${loads} load(s) of each build, interleaved, after one warm-up load each.`);
  for (let round = 0; round <= loads; round++) {
    for (const [i, s] of served.entries()) {
      const figures = await load(browser, s);
      if (round > 0) results[i]?.push(figures);
    }
  }
  console.log(
    `\n${'build'.padEnd(28)} ${'blocking time'.padEnd(24)} ${'task time'.padEnd(24)} ${'script'.padEnd(24)} style and layout`,
  );
  for (const [i, s] of served.entries()) {
    const r = results[i] ?? [];
    const cells = [
      summary(r.map((l) => l.blockingMs)),
      summary(r.map((l) => l.taskMs)),
      summary(r.map((l) => l.scriptMs)),
      summary(r.map((l) => l.layoutMs)),
    ];
    console.log(`${s.build.padEnd(28)} ${cells.join(' ')}`.trimEnd());
  }
  console.log(
    `\nMedian (range) of the first ${WATCH_MS / 1000} s of each load, 4× CPU slowdown, ${CHROME_PATH}, ${new Date().toISOString()}`,
  );
} finally {
  await browser.close();
  for (const s of served) await demo.stopServer(s.server);
}
