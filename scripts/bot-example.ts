// An example bot with a personal API key (issue 17 §2): it places a limit order and cancels it.
//
//   FIT24_URL=http://localhost:8080 FIT24_KEY=fk_… FIT24_SECRET=… FIT24_MARKET_ID=1 \
//   FIT24_SIDE=BUY FIT24_PRICE=100 FIT24_AMOUNT=0.01 node --import tsx scripts/bot-example.ts
//
// Each request carries three headers: FIT24-KEY (the key id), FIT24-TIMESTAMP (now, in milliseconds) and
// FIT24-SIGNATURE: the lowercase hex HMAC-SHA256, under the key's secret, of
//   timestamp + METHOD + path with its query + body (exactly the bytes sent; nothing for a GET).
// The server refuses a timestamp more than the receive window (5 s) away from its clock, and a signature it
// has seen before. No x-api-key is needed. Only Node's own modules are used: copy this file freely.
import { createHmac } from 'node:crypto';
import { pathToFileURL } from 'node:url';

export interface BotKey {
  baseUrl: string;
  keyId: string;
  secret: string;
}

/** The signature of one request. */
export function sign(secret: string, timestamp: string, method: string, pathWithQuery: string, body: string) {
  return createHmac('sha256', secret)
    .update(`${timestamp}${method.toUpperCase()}${pathWithQuery}${body}`)
    .digest('hex');
}

/** The headers of a signed request. */
export function signedHeaders(
  key: Pick<BotKey, 'keyId' | 'secret'>,
  method: string,
  pathWithQuery: string,
  body: string,
  now: number = Date.now(),
): Record<string, string> {
  const timestamp = String(now);
  return {
    'FIT24-KEY': key.keyId,
    'FIT24-TIMESTAMP': timestamp,
    'FIT24-SIGNATURE': sign(key.secret, timestamp, method, pathWithQuery, body),
    ...(body ? { 'content-type': 'application/json' } : {}),
  };
}

/** One signed call: answers the envelope's data, or throws with the server's message. */
export async function call<T = unknown>(
  key: BotKey,
  method: 'GET' | 'POST',
  pathWithQuery: string,
  payload?: unknown,
): Promise<T> {
  const body = payload === undefined ? '' : JSON.stringify(payload);
  const response = await fetch(new URL(pathWithQuery, key.baseUrl), {
    method,
    headers: signedHeaders(key, method, pathWithQuery, body),
    ...(body ? { body } : {}),
  });
  const envelope = (await response.json()) as { error: boolean; message?: string; data?: T };
  if (envelope.error) throw new Error(`${method} ${pathWithQuery}: ${response.status} ${envelope.message}`);
  return envelope.data as T;
}

type Order = { order_id: number; status: string; price: string; amount: string };

/** Places a limit order and cancels it; prints both answers as JSON lines. */
export async function placeAndCancel(
  key: BotKey,
  order: BotOrder,
): Promise<{ placed: Order; cancelled: Order }> {
  const { order: placed } = await call<{ order: Order }>(key, 'POST', '/api/order/create', {
    market_id: order.marketId,
    side: order.side,
    type: 'LIMIT',
    price: order.price,
    amount: order.amount,
  });
  console.log(JSON.stringify({ placed }));
  const { order: cancelled } = await call<{ order: Order }>(key, 'POST', '/api/order/cancel', {
    order_id: placed.order_id,
  });
  console.log(JSON.stringify({ cancelled }));
  return { placed, cancelled };
}

/** A limit order to place and cancel, as the examples take it. */
export type BotOrder = { marketId: number; side: 'BUY' | 'SELL'; price: string; amount: string };

/**
 * Runs an example as a script: the key and the order from FIT24_* environment variables (the file's head
 * says which), the error's message and exit code 1 on failure. Nothing runs when the file is imported.
 */
export function runFromEnv(moduleUrl: string, run: (key: BotKey, order: BotOrder) => Promise<unknown>): void {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  const env = (name: string, fallback?: string) => {
    const value = process.env[name] ?? fallback;
    if (value === undefined) throw new Error(`${name} is required`);
    return value;
  };
  const started = async () => {
    const key = {
      baseUrl: env('FIT24_URL', 'http://localhost:8080'),
      keyId: env('FIT24_KEY'),
      secret: env('FIT24_SECRET'),
    };
    await run(key, {
      marketId: Number(env('FIT24_MARKET_ID', '1')),
      side: env('FIT24_SIDE', 'BUY') === 'SELL' ? 'SELL' : 'BUY',
      price: env('FIT24_PRICE'),
      amount: env('FIT24_AMOUNT'),
    });
  };
  started().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

runFromEnv(import.meta.url, placeAndCancel);
