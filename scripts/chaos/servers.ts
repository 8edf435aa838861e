// The server processes of a chaos run: the compiled server (as `npm start` runs it), started with keys the
// run chooses, killed with SIGKILL, started again on the same database.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error: a JavaScript module without types (its exports are used as documented there)
import { buildServer } from '../build-server.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

export const API_KEY = `chaos-api-${randomBytes(8).toString('hex')}`;
export const OPS_KEY = `chaos-ops-${randomBytes(8).toString('hex')}`;
const SECRETS_KEY = randomBytes(32).toString('hex');

/** The server bundled into a folder of the run's own (removed by `remove`), beside node_modules. */
export async function buildForChaos(): Promise<{ main: string; remove(): void }> {
  const distRoot = join(root, 'apps/server/dist');
  mkdirSync(distRoot, { recursive: true });
  const outDir = mkdtempSync(join(distRoot, 'chaos-'));
  await buildServer(outDir);
  return { main: join(outDir, 'main.js'), remove: () => rmSync(outDir, { recursive: true, force: true }) };
}

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  url: string;
  /** The last of its output, for a report when something goes wrong. */
  output(): string;
  exited: Promise<void>;
}

/** Starts one server process and resolves once it listens (its banner), with how long that took. */
export async function startServer(
  main: string,
  env: Record<string, string>,
): Promise<{ server: ServerProcess; ms: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--enable-source-maps', main], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      PORT: '0',
      HOST: '127.0.0.1',
      WEB_DIST: '/nonexistent',
      DEMO: '0',
      API_KEYS: API_KEY,
      OPS_KEY,
      SECRETS_KEY,
      RESERVES_SNAPSHOT_EVERY: '0',
      ...env,
    },
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 120_000;
  const banner = () => /running at (http:\/\/\S+)/.exec(output);
  while (!banner()) {
    if (Date.now() > deadline || child.exitCode !== null || child.signalCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const url = banner()!;
  const ms = performance.now() - started;
  return {
    server: {
      child,
      pid: child.pid!,
      url: url[1]!.replace('localhost', '127.0.0.1'),
      output: () => output,
      exited,
    },
    ms,
  };
}

/** kill -9, and waits until the process is gone. */
export async function killServer(server: ServerProcess): Promise<void> {
  server.child.kill('SIGKILL');
  await server.exited;
}

/** SIGTERM (a clean stop), waiting at most `ms` before a SIGKILL. */
export async function stopServer(server: ServerProcess, ms = 15_000): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), ms);
  await server.exited;
  clearTimeout(timer);
}
