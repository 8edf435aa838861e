import { type RouteData, type RouteDef, type RouteId, type Routes, routeList } from '@fit24/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext, AuthInfo } from '../context.ts';
import { AppError } from './app-error.ts';
import { authenticateRequest, checkApiKey, checkOpsKey } from './guards.ts';
import { parseInput } from './validation.ts';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface HandlerInput<Id extends RouteId> {
  query: Routes[Id] extends { query: infer Q } ? Out<Q> : undefined;
  body: Routes[Id] extends { body: infer B } ? Out<B> : undefined;
}

export interface RequestContext extends AppContext {
  request: FastifyRequest;
  reply: FastifyReply;
  /** Set on `session` and `user` routes. */
  auth: AuthInfo | null;
}

export type Handler<Id extends RouteId> = (
  ctx: RequestContext,
  input: HandlerInput<Id>,
) => Promise<RouteData<Id>> | RouteData<Id>;

export type HandlerMap = { [Id in RouteId]?: Handler<Id> };

/** Routes without a body schema take no body: nothing, or `{}`. */
const ZNoBody = z.object({}).strict().optional();
const ZNoQuery = z.object({}).strict();

/**
 * Registers every call of the contract's route table. Each request is checked in this order:
 * API key → bearer token or ops key → query and body against the contract → the handler → the answer
 * checked against the contract outside production. The guards hang on the route itself, from its
 * definition: the router matches `/%61pi/account` or `/api/./account` to `/api/account`, so a check of
 * the raw URL would be skipped by such a spelling, but the matched route's own hook always runs.
 * A call of the table that no module handles yet answers 501 after its auth check.
 */
export function registerContractRoutes(app: FastifyInstance, ctx: AppContext, handlers: HandlerMap): void {
  const checkResponses = ctx.config.nodeEnv !== 'production';
  for (const def of routeList) {
    const handler = handlers[def.id] as Handler<RouteId> | undefined;
    app.route({
      method: def.method,
      url: def.path,
      onRequest: async (request) => {
        if (needsApiKey(def)) checkApiKey(ctx, request);
        request.auth = await authorize(ctx, def, request);
      },
      handler: async (request, reply) => {
        const input = {
          query: parseInput(def.query ?? ZNoQuery, request.query ?? {}, 'query'),
          body: def.multipart || !handler ? undefined : parseInput(def.body ?? ZNoBody, request.body, 'body'),
        } as HandlerInput<RouteId>;
        if (!handler) {
          throw new AppError('NOT_IMPLEMENTED', `${def.summary}: this feature is not available yet.`);
        }
        const data = await handler({ ...ctx, request, reply, auth: request.auth ?? null }, input);
        if (checkResponses && def.data) def.data.parse(data);
        return { error: false, data };
      },
    });
  }
}

/** Every `/api` call carries the API key (DESIGN §2); operator calls carry the ops key instead. */
const needsApiKey = (def: RouteDef): boolean => def.path.startsWith('/api/');

async function authorize(ctx: AppContext, def: RouteDef, request: FastifyRequest): Promise<AuthInfo | null> {
  switch (def.auth) {
    case 'public':
      return null;
    case 'ops':
      checkOpsKey(ctx, request);
      return null;
    case 'session':
      return authenticateRequest(ctx, request);
    case 'user': {
      const auth = await authenticateRequest(ctx, request);
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
  }
}
