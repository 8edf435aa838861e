import { type createPublicKey, generateKeyPairSync, randomBytes, verify } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createServer as createHttp2Server, type Http2Server, type IncomingHttpHeaders } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Google's and Apple's push services on 127.0.0.1, checking what the real ones check:
 *
 * - an OAuth 2.0 token endpoint that takes a service account's JWT grant (RFC 7523) only when it is RS256
 *   and verifies with that account's public key, for the FCM scope, and answers an access token;
 * - the FCM HTTP v1 API (`POST /v1/projects/<id>/messages:send`): the bearer must be a token it issued,
 *   the message of v1's shape (a token, a notification, string-only data);
 * - APNs over HTTP/2 (`POST /3/device/<token>`, h2c here; production must be https): the provider token an
 *   ES256 JWT that verifies with the team's key and names it (`kid`), the topic the app's bundle id.
 *
 * Each answers a device marked gone the way the vendor does (FCM 404 UNREGISTERED or 400
 * INVALID_ARGUMENT, APNs 410 Unregistered or 400 BadDeviceToken).
 */

export interface FcmPush {
  token: string;
  title: string;
  body: string;
  data: Record<string, string>;
  android: { ttl: string; priority: string };
}

export interface ApnsPush {
  token: string;
  headers: { topic: string; pushType: string; priority: string; collapseId: string | undefined };
  payload: { aps: { alert: { title: string; body: string } } } & Record<string, unknown>;
}

type FcmAnswer = 'ok' | 'unregistered' | 'invalid' | 'unavailable';
type ApnsAnswer = 'ok' | 'unregistered' | 'bad-token';

export interface NativePushServices {
  /** The environment a server is configured with to use them (files in a temporary folder). */
  env: Record<string, string>;
  /** Access tokens issued: one per grant the server made. */
  grants: number;
  fcm: FcmPush[];
  apns: ApnsPush[];
  /** Requests refused because a check failed: a test expects none. */
  refused: string[];
  /** How FCM or APNs answers pushes to a device from now on. */
  answerFcm(token: string, answer: FcmAnswer): void;
  answerApns(token: string, answer: ApnsAnswer): void;
  /** Seconds each access token lasts (`expires_in`), 3600 unless set. */
  tokenLifetime: number;
  close(): Promise<void>;
}

const PROJECT = 'fit24-test';
const CLIENT_EMAIL = 'push@fit24-test.iam.gserviceaccount.com';
const KEY_ID = 'ABC123DEFG';
const TEAM_ID = 'DEF123GHIJ';
const BUNDLE_ID = 'exchange.fit24.app';

function jwtParts(jwt: string): { header: Record<string, unknown>; claims: Record<string, unknown> } {
  const [header, claims] = jwt.split('.') as [string, string];
  const json = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  return { header: json(header), claims: json(claims) };
}

function verifies(jwt: string, key: ReturnType<typeof createPublicKey>, ecdsa: boolean): boolean {
  const parts = jwt.split('.');
  if (parts.length !== 3) return false;
  const signature = Buffer.from(parts[2]!, 'base64url');
  const signed = Buffer.from(`${parts[0]}.${parts[1]}`);
  return ecdsa
    ? verify('sha256', signed, { key, dsaEncoding: 'ieee-p1363' }, signature)
    : verify('sha256', signed, key, signature);
}

function readBody(request: IncomingMessage | NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function fcmError(code: number, status: string, message: string, details: object[]) {
  return JSON.stringify({ error: { code, message, status, details } });
}

/** Starts both; `now()` is the server's clock in milliseconds (a JWT must be of its present). */
export async function startNativePushServices(now: () => number): Promise<NativePushServices> {
  const serviceAccount = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const teamKey = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const issued = new Set<string>();
  const fcmAnswers = new Map<string, FcmAnswer>();
  const apnsAnswers = new Map<string, ApnsAnswer>();
  let origin = '';

  const services: NativePushServices = {
    env: {},
    grants: 0,
    fcm: [],
    apns: [],
    refused: [],
    answerFcm: (token, answer) => fcmAnswers.set(token, answer),
    answerApns: (token, answer) => apnsAnswers.set(token, answer),
    tokenLifetime: 3600,
    close: async () => {},
  };

  const checkGrant = (form: URLSearchParams): void => {
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer')
      throw new Error('grant_type is not jwt-bearer');
    const assertion = form.get('assertion') ?? '';
    const { header, claims } = jwtParts(assertion);
    if (header.alg !== 'RS256') throw new Error('the grant is not RS256');
    if (!verifies(assertion, serviceAccount.publicKey, false))
      throw new Error("the grant does not verify with the service account's key");
    if (claims.iss !== CLIENT_EMAIL) throw new Error(`iss is ${String(claims.iss)}`);
    if (claims.aud !== `${origin}/token`) throw new Error(`aud is ${String(claims.aud)}`);
    if (claims.scope !== 'https://www.googleapis.com/auth/firebase.messaging')
      throw new Error(`scope is ${String(claims.scope)}`);
    const iat = Number(claims.iat);
    const exp = Number(claims.exp);
    if (Math.abs(iat - now() / 1000) > 60) throw new Error('iat is not now');
    if (!(exp > iat && exp - iat <= 3600)) throw new Error('exp is not within the hour after iat');
  };

  const checkFcm = (request: IncomingMessage, text: string): FcmPush => {
    if (request.url !== `/v1/projects/${PROJECT}/messages:send`) throw new Error(`path ${request.url}`);
    const bearer = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!bearer || !issued.has(bearer)) throw new Error('the bearer is not a token we issued');
    if (request.headers['content-type'] !== 'application/json') throw new Error('not JSON');
    const { message } = JSON.parse(text) as { message: Record<string, unknown> };
    const notification = message.notification as { title?: unknown; body?: unknown } | undefined;
    const data = (message.data ?? {}) as Record<string, unknown>;
    if (typeof message.token !== 'string') throw new Error('message.token is missing');
    if (typeof notification?.title !== 'string' || typeof notification.body !== 'string')
      throw new Error('message.notification needs a title and a body');
    if (Object.values(data).some((v) => typeof v !== 'string'))
      throw new Error('data values must be strings');
    const android = message.android as FcmPush['android'];
    if (!/^[0-9]+s$/.test(android?.ttl ?? '')) throw new Error('android.ttl is not a duration');
    return {
      token: message.token,
      title: notification.title,
      body: notification.body,
      data: data as Record<string, string>,
      android,
    };
  };

  const googleServer: Server = createServer((request, response) => {
    void (async () => {
      const text = await readBody(request);
      try {
        if (request.method === 'POST' && request.url === '/token') {
          checkGrant(new URLSearchParams(text));
          const token = `ya29.${randomBytes(24).toString('base64url')}`;
          issued.add(token);
          services.grants += 1;
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(
            JSON.stringify({ access_token: token, expires_in: services.tokenLifetime, token_type: 'Bearer' }),
          );
          return;
        }
        const push = checkFcm(request, text);
        const answer = fcmAnswers.get(push.token) ?? 'ok';
        response.setHeader('content-type', 'application/json');
        if (answer === 'unregistered') {
          const details = [
            { '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' },
          ];
          response.writeHead(404).end(fcmError(404, 'NOT_FOUND', 'Requested entity was not found.', details));
        } else if (answer === 'invalid') {
          const details = [
            { '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'INVALID_ARGUMENT' },
            {
              '@type': 'type.googleapis.com/google.rpc.BadRequest',
              fieldViolations: [{ field: 'message.token', description: 'Invalid registration token' }],
            },
          ];
          response
            .writeHead(400)
            .end(
              fcmError(
                400,
                'INVALID_ARGUMENT',
                'The registration token is not a valid FCM registration token',
                details,
              ),
            );
        } else if (answer === 'unavailable') {
          response
            .writeHead(503)
            .end(fcmError(503, 'UNAVAILABLE', 'The service is currently unavailable.', []));
        } else {
          services.fcm.push(push);
          response
            .writeHead(200)
            .end(JSON.stringify({ name: `projects/${PROJECT}/messages/${randomBytes(8).toString('hex')}` }));
        }
      } catch (error) {
        services.refused.push(`google: ${(error as Error).message}`);
        response
          .writeHead(401, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: 'invalid_grant', error_description: (error as Error).message }));
      }
    })();
  });

  const checkApns = (headers: IncomingHttpHeaders): string => {
    if (headers[':method'] !== 'POST') throw new Error('not a POST');
    const token = /^\/3\/device\/([0-9a-f]+)$/.exec(String(headers[':path']))?.[1];
    if (!token) throw new Error(`path ${String(headers[':path'])}`);
    const jwt = /^bearer (\S+)$/.exec(String(headers.authorization ?? ''))?.[1] ?? '';
    const { header, claims } = jwtParts(jwt);
    if (header.alg !== 'ES256' || header.kid !== KEY_ID)
      throw new Error('the provider token is not ES256 by our kid');
    if (!verifies(jwt, teamKey.publicKey, true))
      throw new Error("the provider token does not verify with the team's key");
    if (claims.iss !== TEAM_ID) throw new Error(`iss is ${String(claims.iss)}`);
    const age = now() / 1000 - Number(claims.iat);
    if (!(age > -60 && age < 3600)) throw new Error('the provider token is older than an hour');
    if (headers['apns-topic'] !== BUNDLE_ID)
      throw new Error(`apns-topic is ${String(headers['apns-topic'])}`);
    if (headers['apns-push-type'] !== 'alert') throw new Error('apns-push-type is not alert');
    if (!['5', '10'].includes(String(headers['apns-priority'])))
      throw new Error('apns-priority is not 5 or 10');
    return token;
  };

  const appleServer: Http2Server = createHttp2Server();
  appleServer.on('stream', (stream, headers) => {
    void (async () => {
      const text = await readBody(stream);
      try {
        const token = checkApns(headers);
        const payload = JSON.parse(text) as ApnsPush['payload'];
        if (typeof payload.aps?.alert?.title !== 'string' || typeof payload.aps.alert.body !== 'string')
          throw new Error('aps.alert needs a title and a body');
        const answer = apnsAnswers.get(token) ?? 'ok';
        if (answer === 'ok') {
          services.apns.push({
            token,
            headers: {
              topic: String(headers['apns-topic']),
              pushType: String(headers['apns-push-type']),
              priority: String(headers['apns-priority']),
              collapseId: headers['apns-collapse-id'] as string | undefined,
            },
            payload,
          });
          stream.respond({ ':status': 200, 'apns-id': randomBytes(16).toString('hex') });
          stream.end();
          return;
        }
        const [status, reason] = answer === 'unregistered' ? [410, 'Unregistered'] : [400, 'BadDeviceToken'];
        stream.respond({ ':status': status, 'content-type': 'application/json' });
        stream.end(JSON.stringify(answer === 'unregistered' ? { reason, timestamp: now() } : { reason }));
      } catch (error) {
        services.refused.push(`apns: ${(error as Error).message}`);
        stream.respond({ ':status': 403, 'content-type': 'application/json' });
        stream.end(JSON.stringify({ reason: 'InvalidProviderToken' }));
      }
    })();
  });

  await new Promise<void>((resolve) => googleServer.listen(0, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => appleServer.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(googleServer.address() as AddressInfo).port}`;
  const appleOrigin = `http://127.0.0.1:${(appleServer.address() as AddressInfo).port}`;

  const dir = mkdtempSync(join(tmpdir(), 'fit24-native-push-'));
  const accountFile = join(dir, 'service-account.json');
  writeFileSync(
    accountFile,
    JSON.stringify({
      type: 'service_account',
      project_id: PROJECT,
      private_key_id: randomBytes(20).toString('hex'),
      private_key: serviceAccount.privateKey.export({ type: 'pkcs8', format: 'pem' }),
      client_email: CLIENT_EMAIL,
      token_uri: `${origin}/token`,
    }),
  );
  const keyFile = join(dir, `AuthKey_${KEY_ID}.p8`);
  writeFileSync(keyFile, teamKey.privateKey.export({ type: 'pkcs8', format: 'pem' }));
  services.env = {
    FCM_SERVICE_ACCOUNT_FILE: accountFile,
    FCM_API_URL: origin,
    APNS_KEY_FILE: keyFile,
    APNS_KEY_ID: KEY_ID,
    APNS_TEAM_ID: TEAM_ID,
    APNS_BUNDLE_ID: BUNDLE_ID,
    APNS_URL: appleOrigin,
  };
  services.close = async () => {
    await new Promise<void>((resolve) => googleServer.close(() => resolve()));
    await new Promise<void>((resolve) => appleServer.close(() => resolve()));
  };
  return services;
}
