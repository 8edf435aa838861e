import { chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TAuditData, TOpsSessionData } from '@fit24/contract';
import { opsCommands, toRequest } from './commands.ts';

/**
 * `npm run ops -- <command> …`: a thin client of the running server's `/ops` API, so it works against
 * the embedded database (which only the server process may open) and a cluster alike. It acts as an
 * operator: `OPS_TOKEN` (a machine token, `npm run ops -- token <name>`), else the session that
 * `npm run ops -- signin` keeps in DATA_DIR/ops-session.json. The operator key (OPS_KEY, or the development
 * key in DATA_DIR) only creates the first admin. OPS_URL: default http://localhost:$PORT or 8080.
 */
const dataDir = () => resolve(process.env.DATA_DIR ?? './data');
const sessionFile = () => join(dataDir(), 'ops-session.json');
const baseUrl = () => process.env.OPS_URL ?? `http://localhost:${process.env.PORT ?? 8080}`;

interface Saved {
  token?: string;
  challenge?: string;
  email?: string;
}

function saved(): Saved {
  return existsSync(sessionFile()) ? (JSON.parse(readFileSync(sessionFile(), 'utf8')) as Saved) : {};
}

function save(value: Saved): void {
  writeFileSync(sessionFile(), JSON.stringify(value));
  chmodSync(sessionFile(), 0o600);
}

async function call(method: string, path: string, body: unknown, headers: Record<string, string>) {
  const response = await fetch(new URL(path, baseUrl()), {
    method,
    headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  }).catch((error: unknown) => {
    throw new Error(`Cannot reach the server at ${baseUrl()} (${String(error)}). Is it running (npm start)?`);
  });
  const envelope = (await response.json()) as { error: boolean; message?: string; data?: unknown };
  if (envelope.error) throw new Refused(response.status, envelope.message ?? 'refused');
  return envelope.data;
}

class Refused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(`Refused (${status}): ${message}`);
  }
}

function credentials(name: string): Record<string, string> {
  const token = process.env.OPS_TOKEN ?? saved().token;
  if (token) return { authorization: `Bearer ${token}` };
  if (name === 'operator-create') return { 'x-ops-key': opsKey() };
  throw new Error(
    'Sign in first: npm run ops -- signin --email you@example.com --password … (or set OPS_TOKEN).',
  );
}

function opsKey(): string {
  if (process.env.OPS_KEY) return process.env.OPS_KEY;
  const file = join(dataDir(), 'dev-keys.json');
  if (existsSync(file)) return (JSON.parse(readFileSync(file, 'utf8')) as { opsKey: string }).opsKey;
  throw new Error('Set OPS_KEY (the server prints its development key at start).');
}

function option(words: string[], name: string): string | undefined {
  const at = words.indexOf(`--${name}`);
  return at >= 0 ? words[at + 1] : undefined;
}

/**
 * Two steps, as in the console: `signin --email … --password …` checks the password and keeps the
 * challenge (printing the authenticator's secret the first time, to enrol it); `signin --code 123456`
 * turns it into a session kept in DATA_DIR/ops-session.json (mode 0600). Both at once work too.
 */
async function signin(words: string[]): Promise<number> {
  const email = option(words, 'email');
  const password = option(words, 'password');
  const code = option(words, 'code');
  let challenge = saved().challenge;
  if (email && password) {
    const step = (await call('POST', '/ops/auth/signin', { email, password }, {})) as {
      challenge: string;
      totp_setup: { secret: string; otpauth_url: string } | null;
    };
    challenge = step.challenge;
    save({ challenge, email });
    if (step.totp_setup) {
      console.log('Enrol your authenticator app with this secret (or the URL as a QR code):');
      console.log(`  secret  ${step.totp_setup.secret}\n  url     ${step.totp_setup.otpauth_url}`);
    }
  }
  if (!challenge) throw new Error('Usage: signin --email <email> --password <password> [--code <6 digits>]');
  if (!code) {
    console.log('Password accepted. Finish with: npm run ops -- signin --code <the 6 digits of your app>');
    return 0;
  }
  const session = (await call('POST', '/ops/auth/totp', { challenge, code }, {})) as TOpsSessionData;
  save({ token: session.token, email: session.operator.email });
  console.log(`Signed in as ${session.operator.email} (${session.operator.role}) for at most 8 hours.`);
  return 0;
}

async function main(argv: string[]): Promise<number> {
  const [name, ...words] = argv;
  if (!name || name === 'help' || name === '--help') {
    console.log('Usage: npm run ops -- <command> [arguments]\n');
    console.log(`  ${'signin'.padEnd(16)} sign in as an operator --email … --password …, then --code …`);
    for (const [command, def] of Object.entries(opsCommands))
      console.log(`  ${command.padEnd(16)} ${def.help}`);
    return name ? 0 : 2;
  }
  if (name === 'signin') return signin(words);
  const request = toRequest(name, words);
  const data = await call(request.method, request.path, request.body, credentials(name));
  if (name === 'signout') rmSync(sessionFile(), { force: true });
  if (name === 'audit') return printAudit(data as TAuditData);
  console.log(JSON.stringify(data, null, 2));
  return 0;
}

function printAudit(audit: TAuditData): number {
  for (const check of audit.checks)
    console.log(`${check.ok ? 'ok  ' : 'FAIL'}  ${check.name}: ${check.detail}`);
  console.log(audit.ok ? 'audit clean' : 'AUDIT FAILED');
  return audit.ok ? 0 : 1;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(error instanceof Refused ? 1 : 2);
  },
);
