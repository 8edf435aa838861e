// An example bot trading over the WebSocket with a personal API key (issue 17 §2): it opens the socket, then
// places a limit order and cancels it, each call answered with exactly REST's status and envelope.
//
//   FIT24_URL=http://localhost:8080 FIT24_KEY=fk_… FIT24_SECRET=… FIT24_MARKET_ID=1 \
//   FIT24_SIDE=BUY FIT24_PRICE=100 FIT24_AMOUNT=0.01 node --import tsx scripts/bot-socket-example.ts
//
// The upgrade `GET /ws` is signed as any REST request is (scripts/bot-example.ts): FIT24-KEY, FIT24-TIMESTAMP
// and FIT24-SIGNATURE over timestamp + "GET" + "/ws" (no body). The signature is good for one socket only.
// Then each call is a frame {"op": "order.create" | "order.cancel", "request_id", "body"} whose body is the
// REST body; the reply is {"channel": "reply", "data": {request_id, op, status, body}}. Uses the `ws` package.
import WebSocket from 'ws';
import { type BotKey, type BotOrder, runFromEnv, signedHeaders } from './bot-example.ts';

type Order = { order_id: number; status: string; price: string; amount: string };
type Envelope<T> = { error: false; data: T } | { error: true; code: number; message: string };
export type Reply<T = unknown> = {
  request_id: string | number;
  op: string;
  status: number;
  body: Envelope<T>;
};

/** A socket opened with a personal key: `call` sends one call and waits for its reply. */
export interface KeySocket {
  socket: WebSocket;
  call<T = unknown>(
    op: 'order.create' | 'order.cancel',
    body: unknown,
    idempotencyKey?: string,
  ): Promise<Reply<T>>;
  close(): void;
}

/** Opens `/ws` with a signed upgrade; refused (bad key, replay, rate) → rejects with REST's status and message. */
export function openKeySocket(key: BotKey, now: number = Date.now()): Promise<KeySocket> {
  const url = new URL('/ws', key.baseUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  const socket = new WebSocket(url, { headers: signedHeaders(key, 'GET', '/ws', '', now) });
  const waiting = new Map<string | number, (reply: Reply) => void>();
  let next = 0;
  socket.on('message', (raw: Buffer) => {
    const message = JSON.parse(raw.toString('utf8')) as { channel: string; data: Reply };
    if (message.channel !== 'reply') return;
    waiting.get(message.data.request_id)?.(message.data);
    waiting.delete(message.data.request_id);
  });
  const call = <T>(op: 'order.create' | 'order.cancel', body: unknown, idempotencyKey?: string) => {
    next += 1;
    const requestId = `bot-${next}`;
    return new Promise<Reply<T>>((resolve) => {
      waiting.set(requestId, resolve as (reply: Reply) => void);
      const frame = {
        op,
        request_id: requestId,
        body,
        ...(idempotencyKey ? { idempotency_key: idempotencyKey } : {}),
      };
      socket.send(JSON.stringify(frame));
    });
  };
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket, call, close: () => socket.close() }));
    socket.once('unexpected-response', (_request, response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
      });
      response.on('end', () => {
        const { message } = JSON.parse(text) as { message: string };
        reject(new Error(`GET /ws: ${response.statusCode} ${message}`));
      });
    });
    socket.once('error', reject);
  });
}

/** The data of a successful reply, or throws with the server's status and message. */
function dataOf<T>(reply: Reply<T>): T {
  if (reply.body.error) throw new Error(`${reply.op}: ${reply.status} ${reply.body.message}`);
  return reply.body.data;
}

/** Places a limit order and cancels it over the socket; prints both answers as JSON lines. */
export async function placeAndCancelOverSocket(
  key: BotKey,
  order: BotOrder,
): Promise<{ placed: Order; cancelled: Order }> {
  const socket = await openKeySocket(key);
  try {
    const { order: placed } = dataOf(
      await socket.call<{ order: Order }>('order.create', {
        market_id: order.marketId,
        side: order.side,
        type: 'LIMIT',
        price: order.price,
        amount: order.amount,
      }),
    );
    console.log(JSON.stringify({ placed }));
    const { order: cancelled } = dataOf(
      await socket.call<{ order: Order }>('order.cancel', { order_id: placed.order_id }),
    );
    console.log(JSON.stringify({ cancelled }));
    return { placed, cancelled };
  } finally {
    socket.close();
  }
}

runFromEnv(import.meta.url, placeAndCancelOverSocket);
