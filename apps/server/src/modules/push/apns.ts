import { createPrivateKey, type KeyObject, sign } from 'node:crypto';
import { type ClientHttp2Session, connect, constants } from 'node:http2';
import type { Clock } from '../../clock.ts';
import type { ApnsConfig } from '../../config-push.ts';
import {
  cachedCredential,
  type Delivery,
  type NativeMessage,
  type NativeSender,
  PUSH_TTL_SECONDS,
  REQUEST_TIMEOUT_MS,
  unsignedJwt,
} from './native-push.ts';

/** Apple refuses a provider token older than an hour and one renewed more often than every 20 minutes. */
const PROVIDER_TOKEN_MS = 50 * 60_000;
/** A device token APNs says will never work again: the app was removed, or it is not a device token. */
const GONE_REASONS = new Set(['Unregistered', 'BadDeviceToken']);
/** Apple's answers to a provider token it will not take (too old, or not yet valid): make another. */
const STALE_TOKEN_REASONS = new Set(['ExpiredProviderToken', 'InvalidProviderToken']);
/** apns-collapse-id: at most 64 bytes. */
const COLLAPSE_ID_BYTES = 64;

interface ProviderToken {
  value: string;
  renewAt: number;
}

/** The ES256 JWT APNs takes as `authorization: bearer …`: the team signs with its key, named by `kid`. */
function providerToken(config: ApnsConfig, key: KeyObject, clock: Clock): ProviderToken {
  const now = clock.now().getTime();
  const unsigned = unsignedJwt(
    { alg: 'ES256', kid: config.keyId },
    { iss: config.teamId, iat: Math.floor(now / 1000) },
  );
  const signature = sign('sha256', Buffer.from(unsigned), { key, dsaEncoding: 'ieee-p1363' });
  return { value: `${unsigned}.${signature.toString('base64url')}`, renewAt: now + PROVIDER_TOKEN_MS };
}

function answerOf(session: ClientHttp2Session, headers: Record<string, string>, body: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const stream = session.request(headers);
    stream.setTimeout(REQUEST_TIMEOUT_MS, () => {
      stream.close(constants.NGHTTP2_CANCEL);
      reject(new Error('timed out'));
    });
    let status = 0;
    const chunks: Buffer[] = [];
    stream.on('response', (h) => {
      status = Number(h[':status']);
    });
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve({ status, body: Buffer.concat(chunks).toString('utf8') }));
    stream.on('error', reject);
    stream.end(body);
  });
}

/**
 * Apple's push service over HTTP/2: one connection kept open and shared by every send (Apple asks
 * providers not to open one per push), made again when it closes; one provider token for 50 minutes.
 */
export function createApnsSender(config: ApnsConfig, clock: Clock): NativeSender {
  const key = createPrivateKey(config.privateKey.reveal());
  const token = cachedCredential(clock, async () => providerToken(config, key, clock));
  let session: ClientHttp2Session | null = null;
  const connection = (): ClientHttp2Session => {
    if (session && !session.closed && !session.destroyed) return session;
    const opened = connect(config.url);
    // A connection that fails or ends is made again by the next send; the error is that send's.
    opened.on('error', () => {});
    opened.on('close', () => {
      if (session === opened) session = null;
    });
    opened.on('goaway', () => {
      if (session === opened) session = null;
    });
    opened.unref();
    session = opened;
    return opened;
  };
  return {
    async send(message: NativeMessage): Promise<Delivery> {
      const bearer = await token.get();
      const expiration = Math.floor(clock.now().getTime() / 1000) + PUSH_TTL_SECONDS;
      let answer: { status: number; body: string };
      try {
        answer = await answerOf(
          connection(),
          {
            ':method': 'POST',
            ':path': `/3/device/${encodeURIComponent(message.token)}`,
            authorization: `bearer ${bearer.value}`,
            'apns-topic': config.bundleId,
            'apns-push-type': 'alert',
            'apns-priority': message.urgent ? '10' : '5',
            'apns-expiration': String(expiration),
            'apns-collapse-id': Buffer.from(message.tag).subarray(0, COLLAPSE_ID_BYTES).toString(),
            'content-type': 'application/json',
          },
          JSON.stringify({
            aps: { alert: { title: message.title, body: message.body }, sound: 'default' },
            ...message.data,
          }),
        );
      } catch (error) {
        return { result: 'retry', error: `apns network: ${(error as Error).message}` };
      }
      const { status } = answer;
      if (status === 200) return { result: 'sent' };
      let reason = '';
      try {
        reason = String((JSON.parse(answer.body) as { reason?: unknown }).reason ?? '');
      } catch {
        // No JSON body: the status says it all.
      }
      const what = `apns ${status}${reason ? ` ${reason}` : ''}`;
      if (status === 410 || (status === 400 && GONE_REASONS.has(reason)))
        return { result: 'gone', error: what };
      if (status === 403 && STALE_TOKEN_REASONS.has(reason)) {
        token.forget(bearer);
        return { result: 'retry', error: what };
      }
      if (status === 429 || status >= 500) return { result: 'retry', error: what };
      return { result: 'dropped', error: what };
    },
    close() {
      session?.close();
      session = null;
    },
  };
}
