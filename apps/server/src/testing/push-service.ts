import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify as verifySignature,
} from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service on 127.0.0.1 that plays a browser vendor's (RFC 8030): it checks each push the way a real
 * one would — the VAPID `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292: ES256 signature by that key,
 * `aud` our origin, `exp` in the future and within a day), `TTL`, `Content-Encoding: aes128gcm` — and
 * decrypts the body as the browser would (RFC 8291 over RFC 8188) with the subscription's private key and
 * auth secret, which only the test (the "browser") holds.
 */

/** A browser's side of a subscription: what it sends the server, and the secrets it keeps. */
export interface TestBrowser {
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  privateKey: Buffer;
  publicKey: Buffer;
  authSecret: Buffer;
}

export interface ReceivedPush {
  endpoint: string;
  /** The decrypted payload, parsed. */
  payload: { title: string; body: string; url: string; tag: string };
  ttl: number;
  urgency: string | undefined;
}

export interface TestPushService {
  origin: string;
  /** A new browser subscription on this service. */
  browser(): TestBrowser;
  /** What the service answers pushes to an endpoint from now on (201 by default; 410 = gone). */
  answer(endpoint: string, status: number): void;
  received: ReceivedPush[];
  /** Pushes refused because a check failed: a test expects none. */
  refused: string[];
  close(): Promise<void>;
}

function base64UrlJson(part: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** `vapid t=<jwt>, k=<key>` checked per RFC 8292; throws the reason it is refused. */
export function checkVapid(header: string | undefined, audience: string, expectedKey: string | null): string {
  const match = /^vapid t=([A-Za-z0-9_.-]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`Authorization is not "vapid t=…, k=…": ${header}`);
  const [, jwt, key] = match as unknown as [string, string, string];
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 key');
  if (expectedKey && key !== expectedKey)
    throw new Error('k is not the VAPID key the browser subscribed with');
  const [head, claims, signature] = jwt.split('.') as [string, string, string];
  if (base64UrlJson(head).alg !== 'ES256') throw new Error('the JWT is not ES256');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verifySignature(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('the JWT signature does not verify with k');
  const body = base64UrlJson(claims);
  if (body.aud !== audience) throw new Error(`aud is ${String(body.aud)}, not ${audience}`);
  const now = Math.floor(Date.now() / 1000);
  if (typeof body.exp !== 'number' || body.exp <= now || body.exp > now + 24 * 3600) {
    throw new Error('exp is not within the next 24 hours');
  }
  if (typeof body.sub !== 'string' || !/^(mailto:|https:)/.test(body.sub))
    throw new Error('sub is not a contact');
  return key;
}

/** RFC 8291 §3.4 and RFC 8188 §2: the browser's decryption of one aes128gcm message. */
export function decryptPush(
  body: Buffer,
  browser: Pick<TestBrowser, 'privateKey' | 'publicKey' | 'authSecret'>,
) {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error('keyid is not the sender ECDH public key');
  if (ciphertext.length > recordSize) throw new Error('more than one record');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(browser.privateKey);
  const sharedSecret = ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.publicKey, senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', sharedSecret, browser.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then any zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('the last record has no 0x02 delimiter');
  return padded.subarray(0, end).toString('utf8');
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** Starts the service; `vapidKey` is the server's public key every push must be signed with. */
export async function startPushService(vapidKey: string): Promise<TestPushService> {
  const browsers = new Map<string, TestBrowser>();
  const answers = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  let origin = '';
  const server: Server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const endpoint = `${origin}${request.url}`;
      const browser = browsers.get(endpoint);
      if (request.method !== 'POST' || !browser) {
        response.writeHead(404).end();
        return;
      }
      const status = answers.get(endpoint) ?? 201;
      try {
        checkVapid(request.headers.authorization, origin, vapidKey);
        const ttl = Number(request.headers.ttl);
        if (!/^[0-9]+$/.test(String(request.headers.ttl))) throw new Error('TTL is missing');
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        if (status < 300) {
          const payload = JSON.parse(decryptPush(body, browser)) as ReceivedPush['payload'];
          received.push({ endpoint, payload, ttl, urgency: request.headers.urgency as string | undefined });
        }
        response.writeHead(status).end();
      } catch (error) {
        refused.push((error as Error).message);
        response.writeHead(400).end();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    browser() {
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const endpoint = `${origin}/push/${randomBytes(12).toString('hex')}`;
      const browser: TestBrowser = {
        subscription: {
          endpoint,
          keys: { p256dh: publicKey.toString('base64url'), auth: authSecret.toString('base64url') },
        },
        privateKey: ecdh.getPrivateKey(),
        publicKey,
        authSecret,
      };
      browsers.set(endpoint, browser);
      return browser;
    },
    answer: (endpoint, status) => answers.set(endpoint, status),
    received,
    refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
