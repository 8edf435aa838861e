import { type Auth, type RouteDef, type RouteId, routes } from '@fit24/contract';

/** What the API client needs to make a call: no schema (the server checks every body it is sent). */
export interface RouteCall {
  method: RouteDef['method'];
  path: string;
  auth: Auth;
}

/** The calls the app makes: every route except the operator API (the console has its own client). */
export type AppRouteId = Exclude<RouteId, `ops.${string}`>;

/**
 * Every app route's method, path and who may call it. In a production build the bundler replaces this
 * module with the same table written out as plain data (build/route-table.ts), so the first screen does
 * not load every zod schema of the contract; the dev server and the unit tests read the contract itself.
 */
export const routeTable: Record<AppRouteId, RouteCall> = routes;
