import { createECDH, createPrivateKey } from 'node:crypto';
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

/**
 * A private key as its 32 bytes: `getPrivateKey()` drops leading zero bytes (one key in 256 comes out 31
 * bytes long), which the pair's own check — and the push library — would refuse.
 */
function fullLength(privateKey: Buffer): string {
  const full = Buffer.alloc(32);
  privateKey.copy(full, 32 - privateKey.length);
  return full.toString('base64url');
}

export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: fullLength(ecdh.getPrivateKey()),
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
    // A file written before keys were padded may hold a 31-byte key: read it as its 32 bytes.
    const savedPrivate = saved.privateKey ? Buffer.from(saved.privateKey, 'base64url') : null;
    if (saved.publicKey && savedPrivate && savedPrivate.length > 0 && savedPrivate.length <= 32)
      return { publicKey: saved.publicKey, privateKey: fullLength(savedPrivate) };
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

/**
 * Firebase Cloud Messaging's HTTP v1 API (Android apps): the project's service account, whose key signs
 * the OAuth grant that buys an access token, and where to post.
 */
export interface FcmConfig {
  projectId: string;
  clientEmail: string;
  /** The service account's RSA key (PEM); `[redacted]` in any log or dump. */
  privateKey: Secret;
  /** Where the signed grant is exchanged for an access token (the file's `token_uri`). */
  tokenUri: string;
  /** `FCM_API_URL`: the FCM API's origin. */
  apiUrl: string;
}

/** Apple's push service (iOS apps): a token-signing key (.p8) of the team, and the app it pushes to. */
export interface ApnsConfig {
  /** The P-256 key (PEM, PKCS#8, as Apple hands out the .p8); `[redacted]` in any log or dump. */
  privateKey: Secret;
  keyId: string;
  teamId: string;
  /** The app's bundle id: every push's `apns-topic`. */
  bundleId: string;
  /** `APNS_URL`: production or the sandbox (apps built for development). */
  url: string;
}

/** Each vendor's credentials, or null: that vendor's devices are not sent to (the sender says so once). */
export interface NativePushConfig {
  fcm: FcmConfig | null;
  apns: ApnsConfig | null;
}

const FCM_API_URL = 'https://fcm.googleapis.com';
const GOOGLE_TOKEN_URI = 'https://oauth2.googleapis.com/token';
const APNS_URL = 'https://api.push.apple.com';

/** An origin the server posts to: https, or http outside production (a local stand-in in tests). */
function serviceOrigin(value: string, name: string, production: boolean, problems: string[]): string {
  const url = value.replace(/\/+$/, '');
  const scheme = production ? 'https:\\/\\/' : 'https?:\\/\\/';
  if (!new RegExp(`^${scheme}[^/\\s?#@]+$`).test(url)) {
    problems.push(
      `${name} must be ${production ? 'an https://' : 'an http(s)://'} origin with no path (got "${value}").`,
    );
  }
  return url;
}

function readFile(file: string, name: string, problems: string[]): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    problems.push(`${name}: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'}).`);
    return null;
  }
}

/** The private key a PEM holds, if it is one of that type (RSA for Google, P-256 for Apple). */
function keyOfType(pem: string, type: 'rsa' | 'p256'): boolean {
  try {
    const key = createPrivateKey(pem);
    if (type === 'rsa') return key.asymmetricKeyType === 'rsa';
    return key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1';
  } catch {
    return false;
  }
}

function readFcm(env: Env, production: boolean, problems: string[]): FcmConfig | null {
  const file = env.FCM_SERVICE_ACCOUNT_FILE?.trim();
  if (!file) return null;
  const text = readFile(file, 'FCM_SERVICE_ACCOUNT_FILE', problems);
  if (text === null) return null;
  let account: Record<string, unknown>;
  try {
    account = JSON.parse(text) as Record<string, unknown>;
  } catch {
    problems.push(`FCM_SERVICE_ACCOUNT_FILE: ${file} is not JSON (download it from Firebase's console).`);
    return null;
  }
  const field = (key: string) => (typeof account[key] === 'string' ? (account[key] as string).trim() : '');
  const before = problems.length;
  if (account.type !== 'service_account') {
    problems.push(
      `FCM_SERVICE_ACCOUNT_FILE: ${file} is not a service account's key ("type": "service_account").`,
    );
  }
  const projectId = field('project_id');
  if (!/^[a-z][a-z0-9-]{4,62}$/.test(projectId)) {
    problems.push(`FCM_SERVICE_ACCOUNT_FILE: project_id is missing or not a Firebase project id.`);
  }
  const clientEmail = field('client_email');
  if (!/^[^\s@]+@[^\s@]+$/.test(clientEmail)) {
    problems.push('FCM_SERVICE_ACCOUNT_FILE: client_email is missing or not an address.');
  }
  const privateKey = field('private_key');
  if (!keyOfType(privateKey, 'rsa')) {
    problems.push('FCM_SERVICE_ACCOUNT_FILE: private_key is missing or not an RSA private key (PEM).');
  }
  const tokenUri = field('token_uri') || GOOGLE_TOKEN_URI;
  if (!(production ? /^https:\/\/[^\s@]+$/ : /^https?:\/\/[^\s@]+$/).test(tokenUri)) {
    problems.push(
      `FCM_SERVICE_ACCOUNT_FILE: token_uri must be ${production ? 'an https' : 'an http(s)'} URL.`,
    );
  }
  const apiUrl = serviceOrigin(env.FCM_API_URL?.trim() || FCM_API_URL, 'FCM_API_URL', production, problems);
  if (problems.length > before) return null;
  return { projectId, clientEmail, privateKey: new Secret(privateKey), tokenUri, apiUrl };
}

const APNS_VARIABLES = ['APNS_KEY_FILE', 'APNS_KEY_ID', 'APNS_TEAM_ID', 'APNS_BUNDLE_ID'] as const;

function readApns(env: Env, production: boolean, problems: string[]): ApnsConfig | null {
  const [file, keyId, teamId, bundleId] = APNS_VARIABLES.map((name) => env[name]?.trim() ?? '');
  const missing = APNS_VARIABLES.filter((name) => !env[name]?.trim());
  if (missing.length === APNS_VARIABLES.length) {
    if (env.APNS_URL?.trim()) problems.push('APNS_URL is set but APNS_KEY_FILE and the rest are not.');
    return null;
  }
  const before = problems.length;
  if (missing.length > 0) {
    problems.push(`APNs needs ${APNS_VARIABLES.join(', ')} together: ${missing.join(', ')} missing.`);
  }
  if (keyId && !/^[A-Z0-9]{10}$/.test(keyId)) {
    problems.push(`APNS_KEY_ID must be the key's 10-character id such as ABC123DEFG (got "${keyId}").`);
  }
  if (teamId && !/^[A-Z0-9]{10}$/.test(teamId)) {
    problems.push(`APNS_TEAM_ID must be the 10-character team id such as DEF123GHIJ (got "${teamId}").`);
  }
  if (bundleId && !/^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/.test(bundleId)) {
    problems.push(
      `APNS_BUNDLE_ID must be the app's bundle id such as exchange.fit24.app (got "${bundleId}").`,
    );
  }
  const pem = file ? readFile(file!, 'APNS_KEY_FILE', problems) : null;
  if (pem !== null && !keyOfType(pem, 'p256')) {
    problems.push(`APNS_KEY_FILE: ${file} is not an APNs signing key (a .p8 file: a P-256 key in PEM).`);
  }
  const url = serviceOrigin(env.APNS_URL?.trim() || APNS_URL, 'APNS_URL', production, problems);
  if (problems.length > before || pem === null) return null;
  return { privateKey: new Secret(pem), keyId: keyId!, teamId: teamId!, bundleId: bundleId!, url };
}

/**
 * `FCM_SERVICE_ACCOUNT_FILE` (+ `FCM_API_URL`) and `APNS_KEY_FILE`, `APNS_KEY_ID`, `APNS_TEAM_ID`,
 * `APNS_BUNDLE_ID` (+ `APNS_URL`): each vendor optional, but a vendor half configured or a key that is
 * not one stops the server.
 */
export function readNativePush(env: Env, production: boolean, problems: string[]): NativePushConfig {
  return { fcm: readFcm(env, production, problems), apns: readApns(env, production, problems) };
}
