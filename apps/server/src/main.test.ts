import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { codeAt } from './modules/security/totp.ts';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

interface Running {
  child: ChildProcess;
  output: () => string;
  url: string;
  apiKey: string;
  opsKey: string;
}

const children: ChildProcess[] = [];
const dataDirs: string[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'fit24-main-'));
  dataDirs.push(dir);
  return dir;
}

function run(script: string, args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
  });
  children.push(child);
  return child;
}

/** Starts `main.ts` on a free port and waits for its banner. */
async function startServer(dataDir: string): Promise<Running> {
  const child = run('src/main.ts', [], {
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    WEB_DIST: '/nonexistent',
  });
  let output = '';
  child.stdout!.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    output += chunk;
  });
  const deadline = Date.now() + 60_000;
  while (!/Ops key/.test(output)) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    child,
    output: () => output,
    url: /running at (http:\/\/\S+)/.exec(output)![1]!,
    apiKey: /API key \(x-api-key\):\s+(\S+)/.exec(output)![1]!,
    opsKey: /Ops key \(x-ops-key\):\s+(\S+)/.exec(output)![1]!,
  };
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.on('exit', (code) => resolve(code));
  });
}

async function runCli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; out: string }> {
  const child = run('src/ops/cli.ts', args, env);
  let out = '';
  child.stdout!.on('data', (chunk) => {
    out += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    out += chunk;
  });
  return { code: await exited(child), out };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A JSON POST on a connection of its own whose body is held back. It asks `Expect: 100-continue`, so
 * `started` resolves once the server has parsed the headers and handed the request to the app (Node answers
 * 100 just before); then the first half of the body goes out, the rest when `finish()` is called. Until
 * then the server has a request in flight, waiting on its body.
 */
function heldPost(url: string, path: string, headers: Record<string, string>, body: unknown) {
  const bytes = Buffer.from(JSON.stringify(body));
  const half = Math.floor(bytes.length / 2);
  const req = request(`${url}${path}`, {
    method: 'POST',
    agent: false,
    headers: {
      ...headers,
      'content-type': 'application/json',
      'content-length': String(bytes.length),
      expect: '100-continue',
    },
  });
  const started = new Promise<void>((resolve) => {
    req.once('continue', () => {
      req.write(bytes.subarray(0, half));
      resolve();
    });
  });
  // biome-ignore lint/suspicious/noExplicitAny: the test reads the envelope's fields
  const answer = new Promise<{ status: number; body: any }>((resolve, reject) => {
    req.on('error', reject);
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      res.on('error', reject);
    });
  });
  // Handled here too, so a failure seen first elsewhere (the process already gone) is not also unhandled.
  answer.catch(() => {});
  req.flushHeaders();
  return { started, answer, finish: () => req.end(bytes.subarray(half)) };
}

/** Whether a new TCP connection to the server's port is refused (its listening socket is closed). */
function refusesConnections(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    socket.on('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

describe('the server process', () => {
  it('starts on the embedded database, prints its keys, serves the API and the ops CLI, and stops on SIGTERM', async () => {
    const dataDir = tempDataDir();
    const server = await startServer(dataDir);
    expect(server.apiKey).toMatch(/^dev-/);

    const version = await fetch(`${server.url}/api/version`, { headers: { 'x-api-key': server.apiKey } });
    expect(await version.json()).toMatchObject({ error: false, data: { version: '1.0.5', code: 10005 } });

    // The demo's admin signs in (password, then the authenticator it enrols), then makes an operator.
    const cli = (args: string[]) => runCli(args, { OPS_URL: server.url, DATA_DIR: dataDir });
    const unsigned = await cli(['audit']);
    expect(unsigned.code).toBe(2);
    expect(unsigned.out).toContain('Sign in first');
    await expect
      .poll(() => server.output())
      .toContain(`${server.url}/admin as ops@fit24.exchange / Demo-operator-24`);
    // The demo has its admin: the operator key makes no other.
    const keyed = await cli(['operator-create', 'eve@ops.example.com', '--role', 'admin']);
    expect(keyed.out).toMatch(/Refused \(403\)/);
    const first = await cli(['signin', '--email', 'ops@fit24.exchange', '--password', 'Demo-operator-24']);
    const secret = /secret {2}(\S+)/.exec(first.out)![1]!;
    const code = codeAt(secret, Math.floor(Date.now() / 1000));
    const signedIn = await cli(['signin', '--code', code]);
    expect(signedIn.out).toContain('Signed in as ops@fit24.exchange (admin)');
    const created = await cli(['operator-create', 'ada@ops.example.com', '--role', 'finance']);
    expect(JSON.parse(created.out)).toMatchObject({
      operator: { email: 'ada@ops.example.com', role: 'finance' },
    });
    const audit = await cli(['audit']);
    expect(audit.out).toContain('ok    migrations');
    expect(audit.out).toContain("ok    the operators' trail is unbroken");
    expect(audit.out).toContain('audit clean');
    expect(audit.code).toBe(0);

    const wrongToken = await runCli(['audit'], { OPS_URL: server.url, OPS_TOKEN: 'ops_t_wrong' });
    expect(wrongToken.code).toBe(1);
    expect(wrongToken.out).toMatch(/Refused \(401\)/);

    const badUsage = await runCli(['clock'], { OPS_URL: server.url, DATA_DIR: dataDir });
    expect(badUsage.code).toBe(2);
    expect(badUsage.out).toContain('Usage: clock <advance_seconds>');

    server.child.kill('SIGTERM');
    expect(await exited(server.child)).toBe(0);

    // The data survives: a restart on the same folder reopens the database with the same keys.
    const again = await startServer(dataDir);
    expect(again.apiKey).toBe(server.apiKey);
    const health = await fetch(`${again.url}/healthz`);
    expect(await health.json()).toEqual({ ok: true });
    again.child.kill('SIGTERM');
    expect(await exited(again.child)).toBe(0);
  }, 120_000);

  it('on SIGTERM refuses new connections, finishes the request in flight with its normal answer, then exits 0', async () => {
    const server = await startServer(tempDataDir());
    const headers = { 'x-api-key': server.apiKey };
    const email = 'held-signin@example.com';
    const password = 'Slow-Signin-2468';
    const registered = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Held Signin',
        email_id: email,
        password,
        mobile: '+447400123456',
        country_code: 'GB',
        accept_terms: true,
      }),
    });
    expect(registered.status).toBe(200);

    // A sign-in whose body is still arriving when SIGTERM comes (then argon2 and the database finish it).
    const signin = heldPost(server.url, '/api/auth/signin', headers, { email_id: email, password });
    await signin.started;
    server.child.kill('SIGTERM');

    const deadline = Date.now() + 10_000;
    while (!(await refusesConnections(server.url))) {
      if (Date.now() > deadline) throw new Error(`still accepting connections:\n${server.output()}`);
      await sleep(50);
    }
    await sleep(300);
    expect(server.child.exitCode, 'exited with a request in flight').toBeNull();

    signin.finish();
    const answer = await signin.answer;
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ error: false, data: { user: { email_id: email } } });
    expect(answer.body.data.token).toMatch(/\S{20,}/);
    expect(await exited(server.child)).toBe(0);
  }, 120_000);

  it('refuses to start with a bad configuration and says what is wrong', async () => {
    const child = run('src/main.ts', [], { PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    let err = '';
    child.stderr!.on('data', (chunk) => {
      err += chunk;
    });
    expect(await exited(child)).toBe(2);
    expect(err).toContain('PORT must be a whole number from 0 to 65535 (got "eighty").');
    expect(err).toContain('DATABASE_URL must be a postgres:// or postgresql:// URL.');
  });
});
