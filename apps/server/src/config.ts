import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { DatabaseTarget } from './db/database.ts';
import { type AffiliateConfig, loadAffiliateConfig } from './modules/affiliate/affiliate.config.ts';

export type NodeEnv = 'development' | 'production' | 'test';

/** Everything the server reads from its environment (DESIGN §8), parsed and validated once. */
export interface AppConfig {
  nodeEnv: NodeEnv;
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseTarget;
  /** Keys accepted in `x-api-key`; the first is the one the bundled web app uses. */
  apiKeys: string[];
  opsKey: string;
  smtpUrl: string | null;
  /** The From of every email. */
  mailFrom: string;
  demo: boolean;
  testClock: boolean;
  /** Withdrawals at or below these amounts (decimal, per asset symbol) need no operator approval. */
  withdrawAutoApprove: Record<string, string>;
  /** Seconds between devnet blocks; 0 stops the timer (tests mine blocks through /ops/devnet/mine). */
  devnetBlockSeconds: number;
  /** The affiliate programme's numbers (config/affiliate.json, or AFFILIATE_CONFIG). */
  affiliate: AffiliateConfig;
  /** Runs the daily rewards at 00:00 UTC and catches up missed days at start. */
  rewardsScheduler: boolean;
  logLevel: string;
  /** Folder of the built web app; absent → the API runs without serving the app. */
  webDist: string | null;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const MIN_KEY_LENGTH = 16;

type Env = Record<string, string | undefined>;

/**
 * Reads the environment. In development, missing API and ops keys are generated once and kept in
 * `DATA_DIR/dev-keys.json` so they stay the same across restarts; production must set them.
 */
export function loadConfig(env: Env = process.env, defaults: { webDist?: string } = {}): AppConfig {
  const problems: string[] = [];
  const nodeEnv = oneOf(
    env.NODE_ENV ?? 'development',
    ['development', 'production', 'test'],
    'NODE_ENV',
    problems,
  );
  const production = nodeEnv === 'production';

  const port = integer(env.PORT ?? '8080', 'PORT', 0, 65_535, problems);
  const dataDir = resolve(env.DATA_DIR?.trim() || './data');

  let database: DatabaseTarget = { kind: 'pglite', dataDir };
  const databaseUrl = env.DATABASE_URL?.trim();
  if (databaseUrl) {
    if (/^postgres(ql)?:\/\/.+/.test(databaseUrl)) database = { kind: 'postgres', url: databaseUrl };
    else problems.push('DATABASE_URL must be a postgres:// or postgresql:// URL.');
  }

  let apiKeys = (env.API_KEYS ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  for (const key of apiKeys) {
    if (key.length < MIN_KEY_LENGTH)
      problems.push(`API_KEYS: every key needs at least ${MIN_KEY_LENGTH} characters.`);
  }
  let opsKey = env.OPS_KEY?.trim() ?? '';
  if (opsKey && opsKey.length < MIN_KEY_LENGTH) {
    problems.push(`OPS_KEY needs at least ${MIN_KEY_LENGTH} characters.`);
  }
  if (production && apiKeys.length === 0) problems.push('API_KEYS is required in production.');
  if (production && !opsKey) problems.push('OPS_KEY is required in production.');

  const smtpUrl = env.SMTP_URL?.trim() || null;
  if (smtpUrl && !/^smtps?:\/\/.+/.test(smtpUrl))
    problems.push('SMTP_URL must be an smtp:// or smtps:// URL.');

  const demo = flag(env.DEMO, !production, 'DEMO', problems);
  const testClock = flag(env.TEST_CLOCK, false, 'TEST_CLOCK', problems);
  if (production && testClock) problems.push('TEST_CLOCK cannot be used in production.');
  const withdrawAutoApprove = autoApprove(env.WITHDRAW_AUTO_APPROVE, problems);
  const devnetBlockSeconds = integer(
    env.DEVNET_BLOCK_SECONDS ?? '10',
    'DEVNET_BLOCK_SECONDS',
    0,
    3600,
    problems,
  );
  const affiliate = loadAffiliateConfig(
    resolve(env.AFFILIATE_CONFIG?.trim() || 'config/affiliate.json'),
    problems,
  );
  const logLevel = oneOf(env.LOG_LEVEL ?? 'info', LOG_LEVELS, 'LOG_LEVEL', problems);

  if (problems.length > 0) throw new ConfigError(problems);

  if (!production && (apiKeys.length === 0 || !opsKey)) {
    const dev = developmentKeys(dataDir);
    if (apiKeys.length === 0) apiKeys = [dev.apiKey];
    if (!opsKey) opsKey = dev.opsKey;
  }

  const webDist = env.WEB_DIST?.trim() ? resolve(env.WEB_DIST.trim()) : (defaults.webDist ?? null);
  return {
    nodeEnv: nodeEnv as NodeEnv,
    port,
    host: env.HOST?.trim() || '0.0.0.0',
    dataDir,
    database,
    apiKeys,
    opsKey,
    smtpUrl,
    mailFrom: env.MAIL_FROM?.trim() || 'FIT24 Exchange <no-reply@fit24.exchange>',
    demo,
    testClock,
    withdrawAutoApprove,
    devnetBlockSeconds,
    affiliate,
    rewardsScheduler: true,
    logLevel,
    webDist,
  };
}

function developmentKeys(dataDir: string): { apiKey: string; opsKey: string } {
  const file = join(dataDir, 'dev-keys.json');
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { apiKey: string; opsKey: string };
    if (saved.apiKey && saved.opsKey) return saved;
  }
  const keys = {
    apiKey: `dev-${randomBytes(16).toString('hex')}`,
    opsKey: `ops-${randomBytes(16).toString('hex')}`,
  };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  return keys;
}

function oneOf(value: string, allowed: string[], name: string, problems: string[]): string {
  if (!allowed.includes(value))
    problems.push(`${name} must be one of ${allowed.join(', ')} (got "${value}").`);
  return value;
}

function integer(value: string, name: string, min: number, max: number, problems: string[]): number {
  const n = Number(value);
  if (!/^[0-9]+$/.test(value) || n < min || n > max) {
    problems.push(`${name} must be a whole number from ${min} to ${max} (got "${value}").`);
  }
  return n;
}

function flag(value: string | undefined, fallback: boolean, name: string, problems: string[]): boolean {
  if (value === undefined || value === '') return fallback;
  if (value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  problems.push(`${name} must be 1 or 0 (got "${value}").`);
  return fallback;
}

/** `WITHDRAW_AUTO_APPROVE=USDT:100,BTC:0.001`: per asset, the largest withdrawal approved without an operator. */
function autoApprove(value: string | undefined, problems: string[]): Record<string, string> {
  const limits: Record<string, string> = {};
  if (!value?.trim() || value.trim() === '0') return limits;
  for (const part of value.split(',')) {
    const match = /^\s*([A-Za-z0-9]{2,10})\s*:\s*(0|[1-9][0-9]*)(\.[0-9]+)?\s*$/.exec(part);
    if (!match) {
      problems.push(`WITHDRAW_AUTO_APPROVE must look like USDT:100,BTC:0.001 (got "${part.trim()}").`);
      continue;
    }
    limits[match[1]!.toUpperCase()] = `${match[2]}${match[3] ?? ''}`;
  }
  return limits;
}
