import { createPrivateKey, sign } from 'node:crypto';
import type { Clock } from '../../clock.ts';
import type { FcmConfig } from '../../config-push.ts';
import {
  cachedCredential,
  type Delivery,
  type NativeMessage,
  type NativeSender,
  PUSH_TTL_SECONDS,
  REQUEST_TIMEOUT_MS,
  unsignedJwt,
} from './native-push.ts';

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
/** A signed grant's lifetime: Google takes at most an hour. */
const GRANT_SECONDS = 3600;
/** An access token is renewed this long before it expires, so none expires mid-request. */
const RENEW_EARLY_MS = 5 * 60_000;

interface AccessToken {
  value: string;
  renewAt: number;
}

/** Google's OAuth 2.0 for service accounts: an RS256 JWT grant (RFC 7523) exchanged for an access token. */
async function fetchAccessToken(config: FcmConfig, clock: Clock): Promise<AccessToken> {
  const now = clock.now().getTime();
  const iat = Math.floor(now / 1000);
  const unsigned = unsignedJwt(
    { alg: 'RS256', typ: 'JWT' },
    { iss: config.clientEmail, scope: SCOPE, aud: config.tokenUri, iat, exp: iat + GRANT_SECONDS },
  );
  const key = createPrivateKey(config.privateKey.reveal());
  const signature = sign('sha256', Buffer.from(unsigned), key).toString('base64url');
  const response = await fetch(config.tokenUri, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      assertion: `${unsigned}.${signature}`,
    }),
    redirect: 'manual',
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const answer = (await response.json().catch(() => ({}))) as {
    access_token?: unknown;
    expires_in?: unknown;
    error?: unknown;
    error_description?: unknown;
  };
  if (!response.ok || typeof answer.access_token !== 'string') {
    const reason = [answer.error, answer.error_description].filter((p) => typeof p === 'string').join(': ');
    throw new Error(`FCM access token refused (${response.status}${reason ? ` ${reason}` : ''})`);
  }
  const lifetime = typeof answer.expires_in === 'number' ? answer.expires_in * 1000 : GRANT_SECONDS * 1000;
  return { value: answer.access_token, renewAt: now + Math.max(lifetime - RENEW_EARLY_MS, lifetime / 2) };
}

/** FCM v1's error, as much of it as says what to do: its status and FcmError code, and the bad field. */
interface FcmError {
  status?: string;
  message?: string;
  details?: Array<{ errorCode?: string; fieldViolations?: Array<{ field?: string }> }>;
}

/** Whether FCM says the token itself will never work: unregistered (404) or not a token at all. */
function tokenIsGone(status: number, error: FcmError): boolean {
  const codes = (error.details ?? []).map((d) => d.errorCode);
  if (status === 404 || codes.includes('UNREGISTERED')) return true;
  if (error.status !== 'INVALID_ARGUMENT' && !codes.includes('INVALID_ARGUMENT')) return false;
  const fields = (error.details ?? []).flatMap((d) => d.fieldViolations ?? []).map((v) => v.field);
  return fields.includes('message.token') || /registration token/i.test(error.message ?? '');
}

/** The FCM HTTP v1 API: one `messages:send` per device, with a bearer token shared by all of them. */
export function createFcmSender(config: FcmConfig, clock: Clock): NativeSender {
  const token = cachedCredential(clock, () => fetchAccessToken(config, clock));
  const url = `${config.apiUrl}/v1/projects/${encodeURIComponent(config.projectId)}/messages:send`;
  return {
    async send(message: NativeMessage): Promise<Delivery> {
      let access: AccessToken;
      try {
        access = await token.get();
      } catch (error) {
        return { result: 'retry', error: `fcm: ${(error as Error).message}` };
      }
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${access.value}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            message: {
              token: message.token,
              notification: { title: message.title, body: message.body },
              data: message.data,
              android: {
                ttl: `${PUSH_TTL_SECONDS}s`,
                priority: message.urgent ? 'high' : 'normal',
                collapse_key: message.tag,
                notification: { tag: message.tag },
              },
            },
          }),
          redirect: 'manual',
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
      } catch (error) {
        return { result: 'retry', error: `fcm network: ${(error as Error).message}` };
      }
      const status = response.status;
      const answer = (await response.json().catch(() => ({}))) as { error?: FcmError };
      if (status >= 200 && status < 300) return { result: 'sent' };
      const error = answer.error ?? {};
      const what = `fcm ${status}${error.status ? ` ${error.status}` : ''}`;
      if (tokenIsGone(status, error)) return { result: 'gone', error: what };
      // The access token expired or was revoked early: the next try gets a new one.
      if (status === 401) token.forget(access);
      if (status === 401 || status === 429 || status >= 500) return { result: 'retry', error: what };
      return { result: 'dropped', error: `${what}: ${error.message ?? ''}`.trim() };
    },
    close() {},
  };
}
