import {
  API_KEY_HEADERS,
  APP_VERSION,
  apiKeyScopeOf,
  apiKeySigningString,
  okEnvelopeSchema,
  type RouteDef,
  routeList,
  ZErrorEnvelope,
} from '@fit24/contract';
import { z } from 'zod';
import { signRequest } from '../api-keys/signing.ts';

type JsonSchema = Record<string, unknown>;

/**
 * A tuple (`z.tuple`) is `prefixItems` with `items: false`; OpenAPI tools that predate JSON Schema 2020-12
 * want `items` to be a schema, so it names what the elements may be (the length stays fixed by maxItems).
 */
function tupleItems({ jsonSchema }: { jsonSchema: JsonSchema }): void {
  const prefix = jsonSchema.prefixItems as JsonSchema[] | undefined;
  if (!prefix || jsonSchema.items !== false) return;
  const distinct = [...new Map(prefix.map((item) => [JSON.stringify(item), item])).values()];
  jsonSchema.items = distinct.length === 1 ? distinct[0] : { anyOf: distinct };
}

const toJson = (schema: z.ZodType): JsonSchema => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    override: tupleItems,
  }) as JsonSchema;
  return rest;
};

/** Every tag of the route table, described; a route with a tag missing here fails `npm run lint:api`. */
const tags = [
  {
    name: 'auth',
    description: 'Sign-up, sign-in (password, second step, passkeys), sessions, OTPs, passwords',
  },
  { name: 'system', description: 'App versions and the country list' },
  { name: 'account', description: 'The account, KYC, bank accounts, email change and withdrawal limits' },
  { name: 'content', description: 'Home-screen banners' },
  { name: 'funds', description: 'Balances, deposit addresses, transactions, withdrawals and transfers' },
  { name: 'notifications', description: 'Notifications and their unread count' },
  { name: 'settings', description: "The account's theme, language and notification choices; web push" },
  { name: 'markets', description: 'Markets, trades, order books, candles, the watchlist and price alerts' },
  { name: 'orders', description: 'Placing, listing and cancelling orders' },
  {
    name: 'affiliate',
    description: 'The affiliate programme: profile, income, network, staking, surge, ranks',
  },
  {
    name: 'security',
    description: 'Second factor, passkeys, the address book, whitelist, anti-phishing, freeze',
  },
  {
    name: 'ops',
    description:
      'Operator calls (an operator signed in, each call under a permission): approvals, programme data, audit',
  },
  { name: 'operators', description: "Operators' sign-in, sessions, machine tokens, accounts and the trail" },
  {
    name: 'api-keys',
    description:
      'Personal API keys for bots: created (second factor when on), listed and revoked from a signed-in session',
  },
  {
    name: 'reserves',
    description:
      'Proof of reserves: published snapshots (roots, liabilities, signed reserves) and inclusion proofs',
  },
];

const callers: Record<RouteDef['auth'], string> = {
  public: 'any client with the API key (`x-api-key`).',
  session: 'a signed-in user (bearer token), also before the email is verified.',
  user: 'a signed-in user (bearer token) whose email is verified.',
  ops: 'a signed-in operator (bearer: a session or a machine token) whose role allows it.',
  'ops-open': 'an operator signing in (no token yet).',
  'ops-bootstrap':
    'an operator who may manage operators; while no admin exists, the operator key (`x-ops-key`).',
};

/** The operation's description: what it does, who may call it, and whether a retry is safe. */
function operationDescription(def: RouteDef & { id: string }): string {
  const lines = [`${def.summary}.`, '', `Caller: ${callers[def.auth]}`];
  if (def.permission && def.permission !== 'self') lines.push('', `Permission: \`${def.permission}\`.`);
  const scope = apiKeyScopeOf(def);
  if (scope !== null && (def.auth === 'user' || def.auth === 'session' || def.auth === 'public')) {
    lines.push('', `Personal API key: a signed request with the \`${scope}\` scope may make this call.`);
  }
  if (def.idempotent) {
    lines.push(
      '',
      'Idempotent: send an `Idempotency-Key` header and a retry with the same key and body answers the ' +
        'first result without moving money twice; the same key with another body is refused (422).',
    );
  }
  return lines.join('\n');
}

const security: Record<RouteDef['auth'], Array<Record<string, string[]>>> = {
  public: [{ apiKey: [] }],
  session: [{ apiKey: [], bearer: [] }],
  user: [{ apiKey: [], bearer: [] }],
  ops: [{ opsBearer: [] }],
  'ops-open': [],
  'ops-bootstrap': [{ opsBearer: [] }, { opsKey: [] }],
};

/** The three headers of a signed request, all required together. */
const personalKeySecurity = { personalKey: [], personalKeyTimestamp: [], personalKeySignature: [] };

function securityOf(def: RouteDef & { id: string }) {
  const scope = apiKeyScopeOf(def);
  const open = def.auth === 'user' || def.auth === 'session' || def.auth === 'public';
  return scope !== null && open ? [...security[def.auth], personalKeySecurity] : security[def.auth];
}

/** A worked example of a signed request, computed with the server's own signing function. */
export const signingExample = (() => {
  const secret = 'Jq3v8Xr0bT6mN2pLwK9sYd4fHc1gZa7eU5oRiVnBxQE';
  const timestamp = '1767225600000';
  const method = 'POST';
  const path = '/api/order/create';
  const body = '{"market_id":1,"side":"BUY","type":"LIMIT","price":"100","amount":"0.5"}';
  return {
    keyId: 'fk_0123456789abcdef01234567',
    secret,
    timestamp,
    method,
    path,
    body,
    signed: apiKeySigningString(timestamp, method, path, body),
    signature: signRequest(secret, { timestamp, method, path, body }),
  };
})();

const personalKeyDescription = [
  'A personal API key (made from a signed-in session: `POST /api/api-keys/create`) signs each request; it',
  'stands for the app key, so no `x-api-key` and no bearer token are sent. Three headers:',
  '',
  `- \`${API_KEY_HEADERS.key.toUpperCase()}\`: the key id (\`fk_…\`);`,
  `- \`${API_KEY_HEADERS.timestamp.toUpperCase()}\`: now, in milliseconds since the epoch; refused when more than the receive window (5 s by default) from the server's clock;`,
  `- \`${API_KEY_HEADERS.signature.toUpperCase()}\`: lowercase hex HMAC-SHA256, under the key's secret, of`,
  '  `timestamp + METHOD + path with its query + body` (the body exactly as sent; nothing for a GET).',
  '',
  'A signature is accepted once (a replay is 401). Scopes: `read` (GET calls of your own data and the',
  'public ones), `trade` (place and cancel orders), `withdraw` (only when turned on at creation, only to',
  'addresses of your address book; it stands for the second factor, the transaction password is still',
  'sent). Keys never manage keys, sessions, passwords, the second factor or security settings (403).',
  'Each key is rate-limited (10 requests a second and 600 a minute by default): 429 with',
  '`data.retry_after` (seconds) and a `Retry-After` header.',
  '',
  `Worked example (secret \`${signingExample.secret}\`):`,
  '',
  '```',
  `${signingExample.method} ${signingExample.path}`,
  `FIT24-KEY: ${signingExample.keyId}`,
  `FIT24-TIMESTAMP: ${signingExample.timestamp}`,
  `FIT24-SIGNATURE: ${signingExample.signature}`,
  'Content-Type: application/json',
  '',
  signingExample.body,
  '```',
  '',
  `The string signed: \`${signingExample.signed}\``,
  '',
  "In Node: `createHmac('sha256', secret).update(timestamp + method + path + body).digest('hex')`; the",
  "repository's `scripts/bot-example.ts` places and cancels an order this way.",
  '',
  '**Over the WebSocket.** Open `GET /ws` with the same three headers, signed as a GET of `/ws` with no',
  'body (`timestamp + "GET/ws"`); no `api_key` is needed. The signature is checked before the upgrade (same',
  'window, accepted once, same key checks, one request of the rate): a refusal is the HTTP status and error',
  'envelope above, and no socket opens. The first message is `{"channel": "auth", "type": "snapshot",',
  '"data": {"user_id", "key_id"}}`; private channels need the `read` scope. A key with `trade` then sends',
  '`{"op": "order.create" | "order.cancel", "request_id", "body", "idempotency_key"?}`, `body` being the',
  "REST call's body and `idempotency_key` its `Idempotency-Key` (shared with REST). Each call is checked",
  'as its REST call is (scope, rate limit, body) and runs the same handler; the answer is `{"channel":',
  '"reply", "type": "update", "data": {"request_id", "op", "status", "body"}}` with exactly the HTTP status',
  'and envelope REST would give. A malformed frame is answered on channel `error` (code 400). When the key',
  'is revoked, expires or its account is frozen, the socket gets `{"channel": "auth", "type": "update",',
  '"data": {"code": 401, "message"}}` and is closed with code 4401. `scripts/bot-socket-example.ts` does it.',
  '',
  'An address sending signatures that do not match, or unknown keys, is stopped after 30 in 15 minutes:',
  'every signed request from it then gets 429 with `data.retry_after`, REST and socket alike.',
].join('\n');

function queryParameters(schema: z.ZodType | undefined) {
  if (!schema) return [];
  const json = toJson(schema) as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    schema: property,
  }));
}

function operation(def: RouteDef & { id: string }) {
  const errorResponse = { content: { 'application/json': { schema: toJson(ZErrorEnvelope) } } };
  return {
    operationId: def.id,
    summary: def.summary,
    description: operationDescription(def),
    tags: [def.tag],
    security: securityOf(def),
    parameters: [
      ...queryParameters(def.query),
      ...(def.idempotent
        ? [{ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string' } }]
        : []),
    ],
    ...(def.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: toJson(def.body) } } } }
      : {}),
    ...(def.multipart
      ? {
          requestBody: {
            required: true,
            content: {
              'multipart/form-data': {
                schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } },
              },
            },
          },
        }
      : {}),
    responses: {
      '200': {
        description: 'Success',
        content: { 'application/json': { schema: toJson(okEnvelopeSchema(def.data ?? z.unknown())) } },
      },
      '4XX': { description: 'Refused: see the error catalogue', ...errorResponse },
      ...(def.auth === 'session' || def.auth === 'user'
        ? { '401': { description: 'Session invalid (code 502): sign in again', ...errorResponse } }
        : {}),
    },
  };
}

/**
 * The OpenAPI 3.1 document, generated from the contract's route table: nothing is written twice.
 * `publicUrl` is where the API is reached (PUBLIC_URL); `npm run lint:api` checks the document.
 */
export function buildOpenApiDocument(publicUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const def of routeList) {
    paths[def.path] ??= {};
    paths[def.path]![def.method.toLowerCase()] = operation(def);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'FIT24 Exchange API',
      version: APP_VERSION,
      contact: { name: 'FIT24 Exchange', url: publicUrl },
      description:
        'Every answer is an envelope: {"error": false, "data": …} or {"error": true, "code", "message", "fields"?}. ' +
        'Code 502 (HTTP 401) means the session is invalid. Money is a decimal string; dates are epoch seconds.',
    },
    servers: [{ url: publicUrl, description: 'This server' }],
    tags,
    components: {
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
        bearer: { type: 'http', scheme: 'bearer' },
        opsKey: { type: 'apiKey', in: 'header', name: 'x-ops-key' },
        opsBearer: { type: 'http', scheme: 'bearer', description: 'An operator session or machine token' },
        personalKey: {
          type: 'apiKey',
          in: 'header',
          name: 'FIT24-KEY',
          description: personalKeyDescription,
        },
        personalKeyTimestamp: {
          type: 'apiKey',
          in: 'header',
          name: 'FIT24-TIMESTAMP',
          description: 'The time of a signed request in milliseconds since the epoch (see personalKey).',
        },
        personalKeySignature: {
          type: 'apiKey',
          in: 'header',
          name: 'FIT24-SIGNATURE',
          description:
            'HMAC-SHA256 of timestamp + METHOD + path with query + body, in hex (see personalKey).',
        },
      },
    },
    paths,
  };
}
