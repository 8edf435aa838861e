import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeAt } from '../apps/server/src/modules/security/totp.ts';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '..');
// Inside the repository, so the bundle finds node_modules as apps/server/dist/main.js does.
const distRoot = join(root, 'apps/server/dist');
let outDir: string;
let dataDir: string;
const children: ChildProcess[] = [];

const buildScript = (...args: string[]) =>
  run(process.execPath, ['scripts/build-server.mjs', '--outdir', outDir, ...args], { cwd: root });

beforeAll(async () => {
  mkdirSync(distRoot, { recursive: true });
  outDir = mkdtempSync(join(distRoot, 'test-'));
  dataDir = mkdtempSync(join(tmpdir(), 'fit24-build-'));
  await buildScript();
});

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(outDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs the compiled server on a free port; resolves with its URL and its output so far. */
async function startCompiled(env: Record<string, string>) {
  const child = spawn(process.execPath, [join(outDir, 'main.js')], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', ...env },
  });
  children.push(child);
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const deadline = Date.now() + 60_000;
  while (!/Ops key/.test(output)) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, url: /running at (http:\/\/\S+)/.exec(output)![1]!, output: () => output };
}

describe('the compiled server (npm start, npm run build:server)', () => {
  it('bundles the workspace packages and leaves node_modules external', () => {
    const bundle = readFileSync(join(outDir, 'main.js'), 'utf8');
    expect(bundle).not.toMatch(/from ["']@fit24\//);
    expect(bundle).toMatch(/from ["']fastify["']/);
    expect(bundle).toContain('2026112301_foundation');
  });

  it('rebuilds only when a source that went into the build has changed', async () => {
    expect((await buildScript('--if-stale')).stdout).toContain('up to date');
    const record = join(outDir, 'build-inputs.json');
    const inputs = JSON.parse(readFileSync(record, 'utf8')) as Record<string, string>;
    expect(Object.keys(inputs)).toContain('apps/server/src/main.ts');
    expect(Object.keys(inputs)).toContain('packages/contract/src/index.ts');
    writeFileSync(record, JSON.stringify({ ...inputs, 'apps/server/src/main.ts': 'an older version' }));
    expect((await buildScript('--if-stale')).stdout).toContain('Building the server');
    expect(JSON.parse(readFileSync(record, 'utf8'))).toEqual(inputs);
  });

  it('migrates the database, answers /healthz, logs JSON into a pipe with requests at debug, stops on SIGTERM', async () => {
    // No demo: its admin would close the operator key's way to the first admin.
    const server = await startCompiled({ WEB_DIST: '/nonexistent', LOG_LEVEL: 'debug', DEMO: '0' });
    const health = await fetch(`${server.url}/healthz`);
    expect(await health.json()).toEqual({ ok: true });
    const opsKey = /Ops key \(x-ops-key\):\s+(\S+)/.exec(server.output())![1]!;
    const token = await firstAdmin(server.url, opsKey);
    const audit = (await (
      await fetch(`${server.url}/ops/audit`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as {
      data: { checks: Array<{ name: string; ok: boolean; detail: string }> };
    };
    // Every migration ran: the bundle carries the list (db/migrations/index.ts), no folder is read.
    expect(audit.data.checks.find((check) => check.name === 'migrations')).toMatchObject({ ok: true });

    const exited = new Promise((resolve) => server.child.on('exit', resolve));
    server.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; msg: string; url?: string; status?: number });
    const healthLine = lines.find((line) => line.url === '/healthz');
    expect(healthLine).toMatchObject({ level: 20, msg: 'request completed', status: 200 });
    expect(lines.filter((line) => line.msg === 'incoming request')).toEqual([]);
  });
});

/** The operator key makes the first admin, who signs in with its password and authenticator: a session. */
async function firstAdmin(url: string, opsKey: string): Promise<string> {
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const answer = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    // biome-ignore lint/suspicious/noExplicitAny: the test reads the envelopes' fields
    return ((await answer.json()) as any).data;
  };
  const email = 'first@ops.example.com';
  const { password } = await post(
    '/ops/operators',
    { email, name: 'First', role: 'admin' },
    { 'x-ops-key': opsKey },
  );
  const { challenge, totp_setup } = await post('/ops/auth/signin', { email, password });
  const code = codeAt(totp_setup.secret, Math.floor(Date.now() / 1000));
  return (await post('/ops/auth/totp', { challenge, code })).token;
}
