import { Readable } from 'node:stream';
import { type RouteData, type RouteDef, type RouteId, type Routes, routeList } from '@fit24/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { AppError } from './app-error.ts';
import type { AuthInfo, OperatorAuth } from './auth-info.ts';
import {
  type Authenticate,
  authenticateRequest,
  checkApiKey,
  type OperatorGuards,
  opsCaller,
} from './guards.ts';
import { claimOf, type IdempotencyClaim, replay } from './idempotency.ts';
import { parseInput } from './validation.ts';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface HandlerInput<Id extends RouteId> {
  query: Routes[Id] extends { query: infer Q } ? Out<Q> : undefined;
  body: Routes[Id] extends { body: infer B } ? Out<B> : undefined;
}

/** The caller of a route: known (by type) on `session` and `user` routes, `null` on the others. */
export type AuthOf<Id extends RouteId> = Id extends RouteId
  ? Routes[Id]['auth'] extends 'session' | 'user'
    ? AuthInfo
    : null
  : never;

/** The operator of a route: known (by type) on `ops` routes, maybe on `ops-bootstrap`, null elsewhere. */
export type OperatorOf<Id extends RouteId> = Id extends RouteId
  ? Routes[Id]['auth'] extends 'ops'
    ? OperatorAuth
    : Routes[Id]['auth'] extends 'ops-bootstrap'
      ? OperatorAuth | null
      : null
  : never;

/** What an operator call's handler adds to its trail line: the target it acted on, what changed. */
export interface TrailNote {
  target?: string;
  before?: unknown;
  after?: unknown;
}

/** What a request adds to the context its handler gets. */
export interface RequestScope<Id extends RouteId = RouteId> {
  request: FastifyRequest;
  reply: FastifyReply;
  auth: AuthOf<Id>;
  operator: OperatorOf<Id>;
  /** Operator calls: filled by the handler where it knows more than the request says. */
  note: TrailNote;
  /** The request's `Idempotency-Key` on an idempotent route: run the work through `transactOnce`. */
  idempotency: IdempotencyClaim | null;
}

/** A handler's context: the app's (`C`: trading handlers get the trading context) and the request's. */
export type RequestContext<Id extends RouteId = RouteId, C extends AppContext = AppContext> = C &
  RequestScope<Id>;

/** The context of any signed-in route, for helpers shared by several handlers. */
export interface SignedInContext extends AppContext {
  request: FastifyRequest;
  reply: FastifyReply;
  auth: AuthInfo;
}

export type Handler<Id extends RouteId, C extends AppContext = AppContext> = (
  ctx: RequestContext<Id, C>,
  input: HandlerInput<Id>,
) => Promise<RouteData<Id>> | RouteData<Id>;

/** Handlers of some routes, each typed by its own route id. */
export type Handlers<Ids extends RouteId, C extends AppContext = AppContext> = {
  [Id in Ids]: Handler<Id, C>;
};
/** A handler for every route of the contract: a route nobody handles does not compile. */
export type HandlerMap<C extends AppContext = AppContext> = Handlers<RouteId, C>;

/** A module's handlers, each checked against its route: `defineHandlers({ 'asset.list': … })`. */
export function defineHandlers<Ids extends RouteId>(handlers: Handlers<Ids>): Handlers<Ids> {
  return handlers;
}

type Merged<Maps extends readonly object[]> = Maps extends readonly [
  infer First,
  ...infer Rest extends object[],
]
  ? First & Merged<Rest>
  : unknown;

/** Joins modules' handlers into one map; a route id handled twice is refused, never overwritten. */
export function mergeHandlers<const Maps extends readonly object[]>(...maps: Maps): Merged<Maps> {
  const merged: Record<string, unknown> = {};
  for (const map of maps) {
    for (const [id, handler] of Object.entries(map)) {
      if (id in merged) throw new Error(`Route ${id} has two handlers.`);
      merged[id] = handler;
    }
  }
  return merged as Merged<Maps>;
}

/** Routes without a body schema take no body: nothing, or `{}`. */
const ZNoBody = z.object({}).strict().optional();
const ZNoQuery = z.object({}).strict();

/**
 * Registers every call of the contract's route table. Each request is checked in this order:
 * API key → bearer token or ops key → query and body against the contract → on an idempotent route, the
 * `Idempotency-Key`'s stored answer (a repeat is answered with it; the same key with another body is 422)
 * → the handler, handed the key's claim as `ctx.idempotency` → the answer checked against the contract
 * outside production. The guards hang on the route itself, from its definition: the router matches
 * `/%61pi/account` or `/api/./account` to `/api/account`, so a check of the raw URL would be skipped by
 * such a spelling, but the matched route's own hook always runs.
 */
export interface Guards {
  /** A user's bearer token → the user (modules/auth). */
  user: Authenticate;
  /** Operators: their tokens, whether the operator key may still create the first admin, the trail. */
  operator: OperatorGuards;
  /**
   * Personal API keys (modules/api-keys): whether a request is signed with one (`FIT24-KEY`), and its
   * caller once the body is read (the signature covers the body exactly as sent). A signed request needs
   * no `x-api-key` and no bearer token.
   */
  personalKey?: PersonalKeyGuards;
}

export interface PersonalKeyGuards {
  isSigned(request: FastifyRequest): boolean;
  authenticate(
    ctx: AppContext,
    def: RouteDef & { id: string },
    request: FastifyRequest,
    rawBody: string,
  ): Promise<AuthInfo>;
}

/**
 * Keeps the body of a signed request as sent (at most `limit` bytes: it is read before the parser's own
 * limit applies), and hands the same bytes on to the JSON parser.
 */
async function keepRawBody(request: FastifyRequest, payload: NodeJS.ReadableStream, limit: number) {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += bytes.length;
    if (size > limit)
      throw new AppError('BAD_REQUEST', 'The request body is too large.', { body: 'is too large' });
    chunks.push(bytes);
  }
  const raw = Buffer.concat(chunks);
  request.rawBody = raw.toString('utf8');
  const copy = Readable.from([raw]) as Readable & { receivedEncodedLength?: number };
  copy.receivedEncodedLength = raw.length;
  return copy;
}

export function registerContractRoutes<C extends AppContext>(
  app: FastifyInstance,
  ctx: C,
  handlers: HandlerMap<C>,
  guards: Guards,
): void {
  const checkResponses = ctx.config.nodeEnv !== 'production';
  for (const def of routeList) {
    const handler = handlers[def.id] as (ctx: RequestContext, input: unknown) => unknown;
    const operatorCall = isOperatorCall(def);
    const personalKey = guards.personalKey;
    const signed = (request: FastifyRequest) =>
      !operatorCall && personalKey !== undefined && personalKey.isSigned(request);
    app.route({
      method: def.method,
      url: def.path,
      onRequest: async (request) => {
        // A request signed with a personal key is authenticated once its body is read (preValidation).
        if (signed(request)) return;
        if (needsApiKey(def)) checkApiKey(ctx, request);
        if (!operatorCall) request.auth = await authorize(ctx, def, request, guards.user);
        else
          request.operator = await opsCaller(ctx, def, request, guards.operator).catch(
            async (error: unknown) => {
              await guards.operator.record(ctx, def, request, {}, error);
              throw error;
            },
          );
      },
      preParsing: async (request, _reply, payload) =>
        signed(request) ? keepRawBody(request, payload, app.initialConfig.bodyLimit ?? 1_048_576) : payload,
      preValidation: async (request) => {
        if (signed(request))
          request.auth = await personalKey!.authenticate(ctx, def, request, request.rawBody ?? '');
      },
      handler: async (request, reply) => {
        const note: TrailNote = {};
        const run = async () => {
          const input = {
            query: parseInput(def.query ?? ZNoQuery, request.query ?? {}, 'query'),
            body: def.multipart ? undefined : parseInput(def.body ?? ZNoBody, request.body, 'body'),
          };
          const auth = request.auth ?? null;
          const operator = request.operator ?? null;
          const idempotency = def.idempotent ? claimOf(request, def.id, auth?.userId, input.body) : null;
          const earlier = idempotency ? await replay(ctx.db, idempotency) : null;
          if (earlier !== null) return { error: false, data: earlier };
          const data = await handler({ ...ctx, request, reply, auth, operator, idempotency, note }, input);
          if (checkResponses) def.data.parse(data);
          return { error: false, data };
        };
        if (!operatorCall) return run();
        try {
          const answer = await run();
          // What a change made, when its handler did not say more: the answer (secrets are redacted).
          if (def.method === 'POST' && note.after === undefined) note.after = answer.data;
          await guards.operator.record(ctx, def, request, note, null);
          return answer;
        } catch (error) {
          await guards.operator.record(ctx, def, request, note, error);
          throw error;
        }
      },
    });
  }
}

const isOperatorCall = (def: RouteDef): boolean => def.auth.startsWith('ops');

/** Every `/api` call carries the API key (DESIGN §2); operator calls carry the ops key instead. */
const needsApiKey = (def: RouteDef): boolean => def.path.startsWith('/api/');

async function authorize(
  ctx: AppContext,
  def: RouteDef,
  request: FastifyRequest,
  authenticate: Authenticate,
): Promise<AuthInfo | null> {
  switch (def.auth) {
    case 'public':
      return null;
    case 'ops':
    case 'ops-open':
    case 'ops-bootstrap':
      throw new Error(`${def.path} is an operator call`);
    case 'session':
      return authenticateRequest(ctx, request, authenticate);
    case 'user': {
      const auth = await authenticateRequest(ctx, request, authenticate);
      if (!auth.isEmailVerified) {
        throw new AppError('FORBIDDEN', 'Please verify your email address first.');
      }
      return auth;
    }
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthInfo | null;
    operator?: OperatorAuth | null;
    /** The body exactly as sent, kept for requests signed with a personal key. */
    rawBody?: string;
  }
}
