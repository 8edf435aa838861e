import { type RouteId, routes, type TClientMessage } from '@fit24/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, forbidden } from '../http/app-error.ts';
import type { RequestContext } from '../http/contract-routes.ts';
import { fromDatabaseError } from '../http/database-errors.ts';
import { toEnvelope } from '../http/error-handler.ts';
import { checkedIdempotencyKey, hashRequest, replay } from '../http/idempotency.ts';
import { parseInput } from '../http/validation.ts';
import * as apiKeys from '../modules/api-keys/api-keys.service.ts';
import type { TradingContext } from '../trading/context.ts';
import { orderHandlers } from '../trading/orders/orders.routes.ts';
import type { Client, Hub } from './hub.ts';
import { checkSessions } from './revocation.ts';

export type SocketCall = Extract<TClientMessage, { op: 'order.create' | 'order.cancel' }>;

/** The upgrade request a socket was opened with: the handlers' `request` for every call it makes. */
export interface SocketOrigin {
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Order entry over the socket (issue 17 §2). A call `{"op": "order.create" | "order.cancel", "request_id",
 * "body", "idempotency_key"?}` on a socket opened with a personal key runs as the REST route of that id:
 * the key's checks but the signature (`authorizeSocketCall`: live, scope, rate), the route's body schema,
 * the `Idempotency-Key` claim, then the route's own handler (so every order type of the service comes
 * as it is). The answer is `{"channel": "reply", "type": "update", "data": {request_id, op, status, body}}`,
 * `status` and `body` exactly the HTTP status and envelope REST gives.
 */
export async function answerCall(
  ctx: TradingContext,
  hub: Hub,
  client: Client,
  origin: SocketOrigin | null,
  call: SocketCall,
): Promise<void> {
  const { status, body } = await answerOf(ctx, client, origin, call);
  hub.answer(client, {
    channel: 'reply',
    type: 'update',
    data: { request_id: call.request_id, op: call.op, status, body },
  });
  // A key refused as no longer working (revoked, expired, frozen): its socket ends as a session's does.
  if ((status === 401 || status === 403) && client.apiKey !== null && client.userId !== null) {
    await checkSessions(ctx, hub, client.userId);
  }
}

async function answerOf(
  ctx: TradingContext,
  client: Client,
  origin: SocketOrigin | null,
  call: SocketCall,
): Promise<{ status: number; body: unknown }> {
  try {
    return { status: 200, body: { error: false, data: await run(ctx, client, origin, call) } };
  } catch (raw) {
    const error = raw instanceof AppError ? raw : (fromDatabaseError(raw) ?? new AppError('INTERNAL'));
    if (error.status >= 500) ctx.log.error({ err: raw, op: call.op }, 'socket call failed');
    return { status: error.status, body: toEnvelope(error) };
  }
}

type AnyHandler = (ctx: RequestContext<RouteId, TradingContext>, input: unknown) => Promise<unknown>;

async function run(ctx: TradingContext, client: Client, origin: SocketOrigin | null, call: SocketCall) {
  if (origin === null || client.apiKey === null) {
    throw forbidden(
      'Orders over the socket need a socket opened with a personal API key: sign GET /ws with FIT24-KEY, FIT24-TIMESTAMP and FIT24-SIGNATURE.',
    );
  }
  const def = { id: call.op, ...routes[call.op] };
  const auth = await apiKeys.authorizeSocketCall(ctx, client.apiKey.publicId, def);
  const body = parseInput(def.body, call.body, 'body');
  const idempotency =
    'idempotent' in def && def.idempotent && call.idempotency_key !== undefined
      ? {
          userId: auth.userId,
          route: def.id,
          key: checkedIdempotencyKey(call.idempotency_key),
          requestHash: hashRequest(body),
        }
      : null;
  const earlier = idempotency ? await replay(ctx.db, idempotency) : null;
  if (earlier !== null) return earlier;
  const handler = orderHandlers[call.op] as unknown as AnyHandler;
  const scope = { ...origin, auth, operator: null, note: {}, idempotency };
  return handler({ ...ctx, ...scope } as RequestContext<RouteId, TradingContext>, { query: undefined, body });
}
