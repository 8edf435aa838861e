// The real server with the demo data, for the screen benchmarks (`npm run lighthouse`, `npm run screen-loads`):
// run from its sources on a free port with a fresh data folder, serving a given web build, and the demo
// user's session. Benchmarks only; the tests start their own stacks.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const DEMO = { email_id: 'demo@fit24.exchange', password: 'Demo-password-24' };

/** Device storage key the app keeps its session under (CapacitorStorage on the web is localStorage). */
export const SESSION_STORAGE_KEY = 'CapacitorStorage.session';

export interface Server {
  url: string;
  process: ChildProcess;
  dataDir: string;
}

/**
 * A web build folder: apps/web/dist by default, built first when it holds no build; another folder must
 * already hold one (building would write apps/web/dist, not it).
 */
export function webDist(folder?: string): string {
  const fallback = join(root, 'apps/web/dist');
  const dist = resolve(folder ?? fallback);
  if (existsSync(join(dist, 'index.html'))) {
    console.log(`Using the web app already built in ${dist} (run npm run build -w apps/web to rebuild it).`);
    return dist;
  }
  if (dist !== resolve(fallback)) throw new Error(`no web build in ${dist} (no index.html)`);
  console.log(`No build in ${dist}: building the web app…`);
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the web app did not build');
  return dist;
}

/** The server as `npm run dev` runs it (without --watch), demo on, on a free port and a new data folder. */
export async function startServer(dist: string): Promise<Server> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fit24-screens-'));
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
export async function waitQuiet(server: Server): Promise<void> {
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

export async function stopServer(server: Server): Promise<void> {
  server.process.kill('SIGTERM');
  if (server.process.exitCode === null) await new Promise((done) => server.process.once('exit', done));
  rmSync(server.dataDir, { recursive: true, force: true });
}

/** The demo user's session (as the app stores it after sign-in) and the id of the BTC/USDT market. */
export async function demoSession(base: string): Promise<{ session: unknown; marketId: number }> {
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
