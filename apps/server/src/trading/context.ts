import type { RouteId } from '@fit24/contract';
import type { AppContext } from '../context.ts';
import type { Handlers } from '../http/contract-routes.ts';
import type { EngineHost } from './cluster/host.ts';

/** What trading code is handed: the app's context and the market workers (trading/cluster/host.ts). */
export interface TradingContext extends AppContext {
  engine: EngineHost;
}

/** Handlers of trading routes: like `defineHandlers`, with the market workers in their context. */
export function defineTradingHandlers<Ids extends RouteId>(
  handlers: Handlers<Ids, TradingContext>,
): Handlers<Ids, TradingContext> {
  return handlers;
}
