// `node scripts/measure-server.mjs [tsx|dist] [runs]`: starts the server on a fresh data folder, then
// again on the same folder, and prints for each start the time from spawn to the first `/healthz` 200
// and the resident memory (ps -o rss) after five idle seconds. Figures for the README; not a test.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const mode = process.argv[2] ?? 'dist';
const runs = Number(process.argv[3] ?? 3);
// As `npm run dev` (without --watch) and `npm start` (scripts/start.mjs) run it.
const args =
  mode === 'tsx'
    ? ['--import', 'tsx', 'apps/server/src/main.ts']
    : ['--enable-source-maps', 'apps/server/dist/main.js'];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function healthy(url) {
  if (!url) return false;
  try {
    return (await fetch(`${url}/healthz`)).status === 200;
  } catch {
    return false;
  }
}

async function measure(dataDir) {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  try {
    while (!(await healthy(/running at (http:\/\/\S+)/.exec(output)?.[1]))) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
      await sleep(20);
    }
    const startMs = performance.now() - started;
    await sleep(5_000);
    const rssKb = Number(execFileSync('ps', ['-o', 'rss=', '-p', String(child.pid)], { encoding: 'utf8' }));
    return { startMs, rssMb: rssKb / 1024 };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
  }
}

const show = (label, { startMs, rssMb }) =>
  `${label} ${(startMs / 1000).toFixed(2)} s, idle RSS ${rssMb.toFixed(0)} MB`;
for (let i = 0; i < runs; i++) {
  const dataDir = mkdtempSync(join(tmpdir(), 'fit24-measure-'));
  try {
    const first = await measure(dataDir);
    const again = await measure(dataDir);
    console.log(`${mode}: ${show('first start', first)}; ${show('restart', again)}`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
