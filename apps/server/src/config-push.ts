import { createECDH } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Secret } from './config-evm.ts';

type Env = Record<string, string | undefined>;

/** Web push's VAPID identity (RFC 8292): the key pair push services know the server by, and a contact. */
export interface VapidConfig {
  /** base64url of the uncompressed P-256 public key (65 bytes): browsers subscribe with it. */
  publicKey: string;
  /** base64url of the 32-byte private key; `[redacted]` in any log or dump. */
  privateKey: Secret;
  /** `mailto:` or `https:` — whom a push service contacts about this sender. */
  subject: string;
}

const DEV_SUBJECT = 'mailto:dev@fit24.exchange';

function decode(value: string, bytes: number): Buffer | null {
  if (!/^[A-Za-z0-9_-]+$/.test(value)) return null;
  const raw = Buffer.from(value, 'base64url');
  return raw.length === bytes ? raw : null;
}

/** The public key a private key makes: a pair configured by hand must match. */
function publicOf(privateKey: Buffer): string {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(privateKey);
  return ecdh.getPublicKey().toString('base64url');
}

export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: ecdh.getPrivateKey().toString('base64url'),
  };
}

function checkPair(publicKey: string, privateKey: string, problems: string[]): void {
  const pub = decode(publicKey, 65);
  const priv = decode(privateKey, 32);
  if (pub?.[0] !== 4) {
    problems.push('VAPID_PUBLIC_KEY must be base64url of an uncompressed P-256 public key (65 bytes).');
  }
  if (!priv) problems.push('VAPID_PRIVATE_KEY must be base64url of a P-256 private key (32 bytes).');
  if (!pub || !priv) return;
  let derived = '';
  try {
    derived = publicOf(priv);
  } catch {
    problems.push('VAPID_PRIVATE_KEY is not a valid P-256 private key.');
    return;
  }
  if (derived !== publicKey) problems.push('VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY.');
}

/** Outside production, a key pair made once and kept in `DATA_DIR/vapid-keys.json` (browsers stay subscribed). */
function developmentVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = join(dataDir, 'vapid-keys.json');
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { publicKey?: string; privateKey?: string };
    if (saved.publicKey && saved.privateKey)
      return { publicKey: saved.publicKey, privateKey: saved.privateKey };
  }
  const keys = generateVapidKeys();
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  return keys;
}

/**
 * `VAPID_PUBLIC_KEY`, `VAPID_PRIVATE_KEY` and `VAPID_SUBJECT`: all three required in production (the key
 * pair must not change, or every browser's subscription stops working); in development the pair is made
 * once in DATA_DIR. Call after the other checks: it writes the development file.
 */
export function readVapid(env: Env, production: boolean, dataDir: string, problems: string[]): VapidConfig {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim() ?? '';
  const privateKey = env.VAPID_PRIVATE_KEY?.trim() ?? '';
  const subject = env.VAPID_SUBJECT?.trim() ?? '';
  if (subject && !/^(mailto:[^\s@]+@[^\s@]+|https:\/\/[^\s/?#]+\S*)$/.test(subject)) {
    problems.push('VAPID_SUBJECT must be a mailto: address or an https:// URL (mailto:ops@fit24.exchange).');
  }
  if (production) {
    for (const [name, value] of [
      ['VAPID_PUBLIC_KEY', publicKey],
      ['VAPID_PRIVATE_KEY', privateKey],
      ['VAPID_SUBJECT', subject],
    ]) {
      if (!value) problems.push(`${name} is required in production (web push).`);
    }
  }
  if (Boolean(publicKey) !== Boolean(privateKey)) {
    problems.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither.');
  } else if (publicKey) {
    checkPair(publicKey, privateKey, problems);
  }
  if (publicKey || production || problems.length > 0) {
    return { publicKey, privateKey: new Secret(privateKey), subject: subject || DEV_SUBJECT };
  }
  const dev = developmentVapidKeys(dataDir);
  return {
    publicKey: dev.publicKey,
    privateKey: new Secret(dev.privateKey),
    subject: subject || DEV_SUBJECT,
  };
}
