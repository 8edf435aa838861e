import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { generateVapidKeys } from './config-push.ts';

const made: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'fit24-config-'));
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig({ DATA_DIR: tempDir(), ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

const vapidPair = generateVapidKeys();
const productionVapid = {
  VAPID_PUBLIC_KEY: vapidPair.publicKey,
  VAPID_PRIVATE_KEY: vapidPair.privateKey,
  VAPID_SUBJECT: 'mailto:ops@fit24.exchange',
};

describe('configuration', () => {
  it('defaults to port 8080, the embedded database under DATA_DIR, demo on, test clock off', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 8080,
      nodeEnv: 'development',
      demo: true,
      testClock: false,
      smtpUrl: null,
      database: { kind: 'pglite', dataDir },
    });
  });

  it('generates development keys once and keeps them in DATA_DIR', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(first.apiKeys[0]).toMatch(/^dev-[0-9a-f]{32}$/);
    expect(first.opsKey).toMatch(/^ops-[0-9a-f]{32}$/);
    expect(second.apiKeys).toEqual(first.apiKeys);
    expect(second.opsKey).toBe(first.opsKey);
    expect(JSON.parse(readFileSync(join(dataDir, 'dev-keys.json'), 'utf8')).apiKey).toBe(first.apiKeys[0]);
  });

  it('uses PostgreSQL when DATABASE_URL is set, and the keys given', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      DATABASE_URL: 'postgres://u@db:5432/x',
      API_KEYS: 'key-one-0123456789abc, key-two-0123456789abc',
      OPS_KEY: 'ops-key-0123456789abc',
    });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@db:5432/x' });
    expect(config.apiKeys).toEqual(['key-one-0123456789abc', 'key-two-0123456789abc']);
  });

  it('names every bad value with a clear message', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://x',
      DEMO: 'maybe',
      TEST_CLOCK: 'yes',
      SMTP_URL: 'mail.example.com',
      LOG_LEVEL: 'loud',
      LOG_FORMAT: 'xml',
      NODE_ENV: 'staging',
      API_KEYS: 'short',
      OPS_KEY: 'tiny',
    });
    expect(problems).toEqual([
      'NODE_ENV must be one of development, production, test (got "staging").',
      'PORT must be a whole number from 0 to 65535 (got "eighty").',
      'DATABASE_URL must be a postgres:// or postgresql:// URL.',
      'API_KEYS: every key needs at least 16 characters.',
      'OPS_KEY needs at least 16 characters.',
      'SMTP_URL must be an smtp:// or smtps:// URL.',
      'DEMO must be 1 or 0 (got "maybe").',
      'TEST_CLOCK must be 1 or 0 (got "yes").',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud").',
      'LOG_FORMAT must be one of auto, json, pretty (got "xml").',
    ]);
  });

  it('requires keys in production, refuses the test clock there, and generates nothing', () => {
    const dataDir = tempDir();
    let problems: string[] = [];
    try {
      loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', TEST_CLOCK: '1' });
    } catch (error) {
      problems = (error as ConfigError).problems;
    }
    expect(problems).toEqual([
      'API_KEYS is required in production.',
      'OPS_KEY is required in production.',
      'TEST_CLOCK cannot be used in production.',
      'SECRETS_KEY is required in production.',
      'SMTP_URL is required in production (emails would not be sent).',
      'SMS_URL is required in production (SMS codes would not be sent).',
      'VAPID_PUBLIC_KEY is required in production (web push).',
      'VAPID_PRIVATE_KEY is required in production (web push).',
      'VAPID_SUBJECT is required in production (web push).',
    ]);
    expect(existsSync(join(dataDir, 'dev-keys.json'))).toBe(false);
    expect(existsSync(join(dataDir, 'vapid-keys.json'))).toBe(false);
  });

  it('turns the demo off by default in production', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      NODE_ENV: 'production',
      API_KEYS: 'key-one-0123456789abc',
      OPS_KEY: 'ops-key-0123456789abc',
      SECRETS_KEY: 'ab'.repeat(32),
      SMTP_URL: 'smtps://mailer:secret@mail.example.com',
      SMS_URL: 'https://AC0123:token@api.twilio.com',
      ...productionVapid,
    });
    expect(config.demo).toBe(false);
    expect(config).toMatchObject({
      smtpUrl: 'smtps://mailer:secret@mail.example.com',
      smsUrl: 'https://AC0123:token@api.twilio.com',
    });
    expect(config.secretsKey.toString('hex')).toBe('ab'.repeat(32));
  });

  it('reads the security settings, with their defaults, and names bad ones', () => {
    const defaults = loadConfig({ DATA_DIR: tempDir(), PORT: '9000' });
    expect(defaults).toMatchObject({
      publicUrl: 'http://localhost:9000',
      trustProxy: false,
      smsUrl: null,
      withdrawLimitsUsd: { UNVERIFIED: '1000', VERIFIED: '100000' },
      addressDelaySeconds: 86_400,
      cooldownSeconds: 86_400,
    });
    expect(defaults.secretsKey).toHaveLength(32);
    const set = loadConfig({
      DATA_DIR: tempDir(),
      PUBLIC_URL: 'https://fit24.example/',
      TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
      KYC_WITHDRAW_LIMITS_USD: 'unverified:500.5',
      WHITELIST_DELAY_SECONDS: '3600',
      SECURITY_COOLDOWN_SECONDS: '0',
    });
    expect(set).toMatchObject({
      publicUrl: 'https://fit24.example',
      trustProxy: ['10.0.0.0/8', '127.0.0.1'],
      withdrawLimitsUsd: { UNVERIFIED: '500.5', VERIFIED: '100000' },
      addressDelaySeconds: 3600,
      cooldownSeconds: 0,
    });
    expect(loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(problemsOf({ SMS_URL: 'https://api.twilio.com' })).toEqual([
      'SMS_URL must carry the account SID and auth token: https://SID:TOKEN@api.twilio.com.',
    ]);
    expect(
      problemsOf({
        PUBLIC_URL: 'fit24.example',
        TRUST_PROXY: '10.0.0.0/99,proxy.local',
        SECRETS_KEY: 'xyz',
        SMS_URL: 'twilio',
        KYC_WITHDRAW_LIMITS_USD: 'GOLD:5',
      }),
    ).toEqual([
      'PUBLIC_URL must be an http:// or https:// origin such as https://fit24.exchange.',
      'TRUST_PROXY must be a hop count or addresses and CIDR ranges such as 10.0.0.0/8,127.0.0.1 (got "10.0.0.0/99").',
      'TRUST_PROXY must be a hop count or addresses and CIDR ranges such as 10.0.0.0/8,127.0.0.1 (got "proxy.local").',
      'SECRETS_KEY must be 64 hexadecimal characters (32 bytes).',
      'SMS_URL must be an https:// URL of the SMS provider (Twilio: https://SID:TOKEN@api.twilio.com).',
      'KYC_WITHDRAW_LIMITS_USD must look like UNVERIFIED:1000,VERIFIED:100000 (got "GOLD:5").',
    ]);
  });

  it('reads the EVM chain, its tokens and the custody mnemonic, and never shows the mnemonic', () => {
    const mnemonic = 'legal winner thank year wave sausage worth useful legal winner thank yellow';
    const dir = tempDir();
    const file = join(dir, 'mnemonic');
    writeFileSync(file, `${mnemonic}\n`);
    const config = loadConfig({
      DATA_DIR: tempDir(),
      EVM_RPC_URL: 'http://127.0.0.1:8545',
      EVM_CHAIN_ID: '31337',
      EVM_TOKENS:
        'usdt:0x5FbDB2315678afecb367f032d93F642f64180aa3, FIT24:0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
      EVM_EXPLORER_URL: 'https://etherscan.io/',
      CUSTODY_MNEMONIC_FILE: file,
    });
    expect(config.evm).toMatchObject({
      rpcUrl: 'http://127.0.0.1:8545',
      chainId: 31337,
      confirmations: 12,
      pollMs: 2000,
      replaceAfterSeconds: 180,
      startBlock: null,
      explorerUrl: 'https://etherscan.io',
      tokens: {
        USDT: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
        FIT24: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
      },
    });
    expect(config.evm!.mnemonic.reveal()).toBe(mnemonic);
    for (const shown of [
      JSON.stringify(config),
      inspect(config, { depth: 10 }),
      String(config.evm!.mnemonic),
    ]) {
      expect(shown).not.toContain('sausage');
      expect(shown.length).toBeGreaterThan(0);
    }
    expect(loadConfig({ DATA_DIR: tempDir() }).evm).toBeNull();
  });

  it('names every bad EVM setting, without repeating a mnemonic', () => {
    const bad = 'legal winner thank year wave sausage worth useful legal winner thank thank';
    const problems = problemsOf({
      EVM_RPC_URL: 'localhost:8545',
      EVM_CONFIRMATIONS: '0',
      EVM_TOKENS: 'USDT=0x12',
      CUSTODY_MNEMONIC: bad,
    });
    expect(problems).toEqual([
      'EVM_RPC_URL must be an http(s):// JSON-RPC URL.',
      'EVM_CHAIN_ID is required with EVM_RPC_URL (1 for Ethereum, 31337 locally).',
      'EVM_CHAIN_ID must be a whole number from 1 to 1099511627776 (got "0").',
      'EVM_CONFIRMATIONS must be a whole number from 1 to 1000 (got "0").',
      'EVM_TOKENS must look like USDT:0x…,FIT24:0x… (got "USDT=0x12").',
      'The custody mnemonic is not a valid BIP-39 English mnemonic.',
    ]);
    expect(problems.join(' ')).not.toContain('sausage');
    expect(problemsOf({ EVM_RPC_URL: 'http://node:8545', EVM_CHAIN_ID: '1' })).toEqual([
      'EVM_RPC_URL needs CUSTODY_MNEMONIC or CUSTODY_MNEMONIC_FILE (the keys of the wallets).',
    ]);
  });
});

describe('web push configuration', () => {
  it('makes a VAPID pair once in development and keeps it across restarts, never printing the private key', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    const again = loadConfig({ DATA_DIR: dataDir });
    expect(first.vapid.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(again.vapid.publicKey).toBe(first.vapid.publicKey);
    expect(again.vapid.privateKey.reveal()).toBe(first.vapid.privateKey.reveal());
    expect(JSON.parse(readFileSync(join(dataDir, 'vapid-keys.json'), 'utf8')).publicKey).toBe(
      first.vapid.publicKey,
    );
    expect(inspect(first)).not.toContain(first.vapid.privateKey.reveal());
    expect(JSON.stringify(first)).not.toContain(first.vapid.privateKey.reveal());
  });

  it('makes every private key 32 bytes, the ones starting with a zero byte too', () => {
    // One key in 256 starts with a zero byte; 3,000 pairs miss one with odds of about 1 in 100,000.
    const lengths = new Set<number>();
    let leadingZero = 0;
    for (let i = 0; i < 3000; i += 1) {
      const raw = Buffer.from(generateVapidKeys().privateKey, 'base64url');
      lengths.add(raw.length);
      if (raw[0] === 0) leadingZero += 1;
    }
    expect([...lengths]).toEqual([32]);
    expect(leadingZero).toBeGreaterThan(0);
  });

  it('reads a kept development key that lost its leading zero byte as its 32 bytes', () => {
    let pair = generateVapidKeys();
    while (Buffer.from(pair.privateKey, 'base64url')[0] !== 0) pair = generateVapidKeys();
    const short = Buffer.from(pair.privateKey, 'base64url').subarray(1).toString('base64url');
    const dataDir = tempDir();
    writeFileSync(
      join(dataDir, 'vapid-keys.json'),
      JSON.stringify({ publicKey: pair.publicKey, privateKey: short }),
    );
    expect(loadConfig({ DATA_DIR: dataDir }).vapid.privateKey.reveal()).toBe(pair.privateKey);
  });

  it('makes a new pair when the kept file holds no key at all', () => {
    const dataDir = tempDir();
    writeFileSync(join(dataDir, 'vapid-keys.json'), JSON.stringify({ publicKey: 'x', privateKey: '!!' }));
    const made = loadConfig({ DATA_DIR: dataDir }).vapid;
    expect(Buffer.from(made.privateKey.reveal(), 'base64url')).toHaveLength(32);
    expect(made.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
  });

  it('takes the configured pair and contact, and names a bad or mismatched pair', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), ...productionVapid });
    expect(config.vapid.publicKey).toBe(vapidPair.publicKey);
    expect(config.vapid.subject).toBe('mailto:ops@fit24.exchange');
    const other = generateVapidKeys();
    expect(
      problemsOf({ DATA_DIR: tempDir(), ...productionVapid, VAPID_PUBLIC_KEY: other.publicKey }),
    ).toEqual(['VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY.']);
    expect(problemsOf({ DATA_DIR: tempDir(), VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: 'a+b' })).toEqual([
      'VAPID_PUBLIC_KEY must be base64url of an uncompressed P-256 public key (65 bytes).',
      'VAPID_PRIVATE_KEY must be base64url of a P-256 private key (32 bytes).',
    ]);
    expect(problemsOf({ DATA_DIR: tempDir(), VAPID_PUBLIC_KEY: vapidPair.publicKey })).toEqual([
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither.',
    ]);
    expect(problemsOf({ DATA_DIR: tempDir(), VAPID_SUBJECT: 'http://fit24.exchange' })).toEqual([
      'VAPID_SUBJECT must be a mailto: address or an https:// URL (mailto:ops@fit24.exchange).',
    ]);
  });
});
