import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type AffiliateConfig, loadAffiliateConfig } from './config-affiliate.ts';
import { type AppVersionConfig, readAppVersion } from './config-app-version.ts';
import { type EvmConfig, readEvm } from './config-evm.ts';
import { type NativePushConfig, readNativePush, readVapid, type VapidConfig } from './config-push.ts';
import {
  autoApprove,
  duration,
  flag,
  hasCredentials,
  integer,
  oneOf,
  parseTrustProxy,
  parseWithdrawLimits,
} from './config-values.ts';
import type { DatabaseTarget } from './db/database.ts';

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
  /**
   * The EVM chain ETH, USDT and FIT24 are kept on (`EVM_RPC_URL` and friends); null → they stay on the
   * devnet (development) or are unavailable (production: no simulated chain there).
   */
  evm: EvmConfig | null;
  /** The affiliate programme's numbers (config/affiliate.json, or AFFILIATE_CONFIG). */
  affiliate: AffiliateConfig;
  /** Runs the daily rewards at 00:00 UTC and catches up missed days at start. */
  rewardsScheduler: boolean;
  /** Seconds between scheduled proof-of-reserves snapshots (`RESERVES_SNAPSHOT_EVERY`); 0: on demand only. */
  reservesSnapshotSeconds: number;
  logLevel: string;
  /** `LOG_FORMAT`: `auto` (pino-pretty in development at a terminal, else JSON), `json` or `pretty`. */
  logFormat: 'auto' | 'json' | 'pretty';
  /** Folder of the built web app; absent → the API runs without serving the app. */
  webDist: string | null;
  /**
   * Where users reach the app (`PUBLIC_URL`; default http://localhost:PORT): links in emails, the
   * WebAuthn relying party and origin, and HSTS when it is https.
   */
  publicUrl: string;
  /**
   * Which proxies to believe about the client's address (`TRUST_PROXY`): false (default: none, so
   * X-Forwarded-For is ignored), a hop count, or a list of addresses and CIDR ranges.
   */
  trustProxy: false | number | string[];
  /** 32 bytes that encrypt secrets at rest (TOTP secrets): `SECRETS_KEY`, 64 hex characters. */
  secretsKey: Buffer;
  /** The SMS provider (`SMS_URL`, Twilio's REST API: https://ACCOUNT_SID:AUTH_TOKEN@api.twilio.com); null → outbox. */
  smsUrl: string | null;
  /** The sender of every SMS (`SMS_FROM`): a number in E.164 or a messaging service id. */
  smsFrom: string;
  /** Withdrawal limit per rolling 24 hours in US dollars (decimal strings) by KYC tier. */
  withdrawLimitsUsd: { UNVERIFIED: string; VERIFIED: string };
  /** Withdrawals worth more US dollars than this need two operators' approvals (`FOUR_EYES_USD`). */
  fourEyesUsd: string;
  /** Seconds a confirmed whitelist address (and the end of whitelist-only) waits: `WHITELIST_DELAY_SECONDS`. */
  addressDelaySeconds: number;
  /** Seconds withdrawals and transfers pause after a security change: `SECURITY_COOLDOWN_SECONDS`. */
  cooldownSeconds: number;
  /** The oldest app version served and the store pages (`MIN_APP_VERSION`, `*_STORE_URL`). */
  appVersion: AppVersionConfig;
  /** Web push's VAPID key pair and contact (`VAPID_*`; made once in DATA_DIR in development). */
  vapid: VapidConfig;
  /** The native apps' push vendors (`FCM_*`, `APNS_*`); a vendor left unset is not sent to. */
  nativePush: NativePushConfig;
  /** Personal API keys (issue 17 §2): signed requests' receive window and each key's rate limits. */
  personalKeys: PersonalKeysConfig;
}

export interface PersonalKeysConfig {
  /** How far a signed request's timestamp may be from the server's clock (`API_KEY_RECV_WINDOW_MS`). */
  recvWindowMs: number;
  /** Requests per key per second (`API_KEY_RATE_PER_SECOND`) and per minute (`API_KEY_RATE_PER_MINUTE`). */
  perSecond: number;
  perMinute: number;
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

  const database = readDatabase(env.DATABASE_URL, dataDir, problems);
  const keys = readKeys(env, production, problems);

  const smtpUrl = env.SMTP_URL?.trim() || null;
  if (smtpUrl && !/^smtps?:\/\/.+/.test(smtpUrl))
    problems.push('SMTP_URL must be an smtp:// or smtps:// URL.');

  const runtime = readRuntime(env, production, problems);

  const publicUrl = (env.PUBLIC_URL?.trim() || `http://localhost:${port}`).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/\s?#]+$/.test(publicUrl)) {
    problems.push('PUBLIC_URL must be an http:// or https:// origin such as https://fit24.exchange.');
  }
  const trustProxy = parseTrustProxy(env.TRUST_PROXY, problems);
  const secretsKeyHex = env.SECRETS_KEY?.trim() ?? '';
  if (secretsKeyHex && !/^[0-9a-fA-F]{64}$/.test(secretsKeyHex)) {
    problems.push('SECRETS_KEY must be 64 hexadecimal characters (32 bytes).');
  }
  if (production && !secretsKeyHex) problems.push('SECRETS_KEY is required in production.');
  const sms = readSms(env, production, smtpUrl, problems);
  const moneyControls = readMoneyControls(env, problems);
  const personalKeys = readPersonalKeys(env, problems);
  const evm = readEvm(env, problems);
  const appVersion = readAppVersion(env, problems);
  const nativePush = readNativePush(env, production, problems);
  const vapid = readVapid(env, production, dataDir, problems);

  if (problems.length > 0) throw new ConfigError(problems);

  const { apiKeys, opsKey, secretsKey } = withDevelopmentKeys(
    { ...keys, secretsKey: secretsKeyHex ? Buffer.from(secretsKeyHex, 'hex') : null },
    production,
    dataDir,
  );

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
    ...runtime,
    rewardsScheduler: true,
    webDist,
    publicUrl,
    trustProxy,
    secretsKey,
    ...sms,
    ...moneyControls,
    evm,
    appVersion,
    vapid,
    nativePush,
    personalKeys,
  };
}

function readPersonalKeys(env: Env, problems: string[]): PersonalKeysConfig {
  return {
    recvWindowMs: integer(
      env.API_KEY_RECV_WINDOW_MS ?? '5000',
      'API_KEY_RECV_WINDOW_MS',
      1000,
      60_000,
      problems,
    ),
    perSecond: integer(env.API_KEY_RATE_PER_SECOND ?? '10', 'API_KEY_RATE_PER_SECOND', 1, 10_000, problems),
    perMinute: integer(env.API_KEY_RATE_PER_MINUTE ?? '600', 'API_KEY_RATE_PER_MINUTE', 1, 600_000, problems),
  };
}

function readDatabase(url: string | undefined, dataDir: string, problems: string[]): DatabaseTarget {
  const databaseUrl = url?.trim();
  if (!databaseUrl) return { kind: 'pglite', dataDir };
  if (/^postgres(ql)?:\/\/.+/.test(databaseUrl)) return { kind: 'postgres', url: databaseUrl };
  problems.push('DATABASE_URL must be a postgres:// or postgresql:// URL.');
  return { kind: 'pglite', dataDir };
}

function readKeys(env: Env, production: boolean, problems: string[]) {
  const apiKeys = (env.API_KEYS ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  for (const key of apiKeys) {
    if (key.length < MIN_KEY_LENGTH)
      problems.push(`API_KEYS: every key needs at least ${MIN_KEY_LENGTH} characters.`);
  }
  const opsKey = env.OPS_KEY?.trim() ?? '';
  if (opsKey && opsKey.length < MIN_KEY_LENGTH) {
    problems.push(`OPS_KEY needs at least ${MIN_KEY_LENGTH} characters.`);
  }
  if (production && apiKeys.length === 0) problems.push('API_KEYS is required in production.');
  if (production && !opsKey) problems.push('OPS_KEY is required in production.');
  return { apiKeys, opsKey };
}

function readRuntime(env: Env, production: boolean, problems: string[]) {
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
  const reservesSnapshotSeconds = duration(
    env.RESERVES_SNAPSHOT_EVERY ?? '1d',
    'RESERVES_SNAPSHOT_EVERY',
    problems,
  );
  const logLevel = oneOf(env.LOG_LEVEL ?? 'info', LOG_LEVELS, 'LOG_LEVEL', problems);
  const logFormat = oneOf(env.LOG_FORMAT ?? 'auto', ['auto', 'json', 'pretty'], 'LOG_FORMAT', problems);
  return {
    demo,
    testClock,
    withdrawAutoApprove,
    devnetBlockSeconds,
    affiliate,
    reservesSnapshotSeconds,
    logLevel,
    logFormat: logFormat as AppConfig['logFormat'],
  };
}

function readSms(env: Env, production: boolean, smtpUrl: string | null, problems: string[]) {
  const smsUrl = env.SMS_URL?.trim() || null;
  if (smsUrl && !/^https?:\/\/.+/.test(smsUrl)) {
    problems.push(
      'SMS_URL must be an https:// URL of the SMS provider (Twilio: https://SID:TOKEN@api.twilio.com).',
    );
  } else if (smsUrl && !hasCredentials(smsUrl)) {
    problems.push('SMS_URL must carry the account SID and auth token: https://SID:TOKEN@api.twilio.com.');
  }
  // Without these, codes would only reach the outbox, which production does not serve.
  if (production && !smtpUrl) problems.push('SMTP_URL is required in production (emails would not be sent).');
  if (production && !smsUrl)
    problems.push('SMS_URL is required in production (SMS codes would not be sent).');
  return { smsUrl, smsFrom: env.SMS_FROM?.trim() || 'FIT24' };
}

function readMoneyControls(env: Env, problems: string[]) {
  const withdrawLimitsUsd = parseWithdrawLimits(env.KYC_WITHDRAW_LIMITS_USD, problems);
  const addressDelaySeconds = integer(
    env.WHITELIST_DELAY_SECONDS ?? '86400',
    'WHITELIST_DELAY_SECONDS',
    0,
    30 * 86_400,
    problems,
  );
  const cooldownSeconds = integer(
    env.SECURITY_COOLDOWN_SECONDS ?? '86400',
    'SECURITY_COOLDOWN_SECONDS',
    0,
    30 * 86_400,
    problems,
  );
  const fourEyesUsd = env.FOUR_EYES_USD?.trim() || '10000';
  if (!/^(0|[1-9][0-9]{0,11})(\.[0-9]{1,2})?$/.test(fourEyesUsd))
    problems.push(`FOUR_EYES_USD must be an amount of US dollars such as 10000 (got "${fourEyesUsd}").`);
  return { withdrawLimitsUsd, addressDelaySeconds, cooldownSeconds, fourEyesUsd };
}

/** Outside production, keys left unset come from `DATA_DIR/dev-keys.json` (made once). */
function withDevelopmentKeys(
  keys: { apiKeys: string[]; opsKey: string; secretsKey: Buffer | null },
  production: boolean,
  dataDir: string,
): { apiKeys: string[]; opsKey: string; secretsKey: Buffer } {
  const { apiKeys, opsKey, secretsKey } = keys;
  if (production || (apiKeys.length > 0 && opsKey && secretsKey)) {
    // In production the checks above made sure of every key.
    return { apiKeys, opsKey, secretsKey: secretsKey! };
  }
  const dev = developmentKeys(dataDir);
  return {
    apiKeys: apiKeys.length > 0 ? apiKeys : [dev.apiKey],
    opsKey: opsKey || dev.opsKey,
    secretsKey: secretsKey ?? Buffer.from(dev.secretsKey, 'hex'),
  };
}

interface DevelopmentKeys {
  apiKey: string;
  opsKey: string;
  secretsKey: string;
}

/** Kept across restarts; a file from before `secretsKey` existed gains one and keeps its keys. */
function developmentKeys(dataDir: string): DevelopmentKeys {
  const file = join(dataDir, 'dev-keys.json');
  let saved: Partial<DevelopmentKeys> = {};
  if (existsSync(file)) {
    saved = JSON.parse(readFileSync(file, 'utf8')) as Partial<DevelopmentKeys>;
    if (saved.apiKey && saved.opsKey && saved.secretsKey) return saved as DevelopmentKeys;
  }
  const keys = {
    apiKey: saved.apiKey || `dev-${randomBytes(16).toString('hex')}`,
    opsKey: saved.opsKey || `ops-${randomBytes(16).toString('hex')}`,
    secretsKey: randomBytes(32).toString('hex'),
  };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  return keys;
}
