import type { z } from 'zod';
import { adminRoutes } from './routes/admin.ts';
import { affiliateRoutes } from './routes/affiliate.ts';
import { apiKeyRoutes } from './routes/api-keys.ts';
import type { RouteDef } from './routes/define.ts';
import { fundsRoutes } from './routes/funds.ts';
import { identityRoutes } from './routes/identity.ts';
import { marketsRoutes } from './routes/markets.ts';
import { operatorRoutes } from './routes/operators.ts';
import { opsRoutes } from './routes/ops.ts';
import { publicRoutes } from './routes/public.ts';
import { reservesRoutes } from './routes/reserves.ts';
import { securityRoutes } from './routes/security.ts';
import { settingsRoutes } from './routes/settings.ts';

export type { Auth, RouteDef } from './routes/define.ts';

/** Every call of the API: the specification's 61 (spec: true), the operator's, and the few this design adds. */
export const routes = {
  ...publicRoutes,
  ...identityRoutes,
  ...fundsRoutes,
  ...marketsRoutes,
  ...affiliateRoutes,
  ...securityRoutes,
  ...settingsRoutes,
  ...opsRoutes,
  ...operatorRoutes,
  ...adminRoutes,
  ...reservesRoutes,
  ...apiKeyRoutes,
} as const satisfies Record<string, RouteDef>;

export type Routes = typeof routes;
export type RouteId = keyof Routes;

type Out<S> = S extends z.ZodType ? z.output<S> : unknown;
type In<S> = S extends z.ZodType ? z.input<S> : never;

/** The `data` of a successful answer of a route. */
export type RouteData<Id extends RouteId> = Routes[Id] extends { data: infer D } ? Out<D> : unknown;
/** The query a caller sends (strings, as they travel). */
export type RouteQuery<Id extends RouteId> = Routes[Id] extends { query: infer Q } ? In<Q> : never;
/** The JSON body a caller sends. */
export type RouteBody<Id extends RouteId> = Routes[Id] extends { body: infer B } ? In<B> : never;

export const routeList: Array<RouteDef & { id: RouteId }> = (Object.keys(routes) as RouteId[]).map((id) => ({
  id,
  ...routes[id],
}));
