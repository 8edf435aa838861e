import {
  type Envelope,
  type RouteBody,
  type RouteData,
  type RouteId,
  type RouteQuery,
  routes,
} from '@fit24/contract';
import { ApiError, buildUrl, networkError, readEnvelope } from '../../lib/api-client.ts';

/** The operator API: every route under /ops, typed by the contract. */
export type OpsRouteId = Extract<RouteId, `ops.${string}`>;

export interface OpsCallOptions<Id extends OpsRouteId> {
  query?: RouteQuery<Id>;
  body?: RouteBody<Id>;
  signal?: AbortSignal;
}

export interface OpsClientDeps {
  /** Injected so tests run without a server. */
  fetch: typeof fetch;
  /** Origin of the server, '' for the page's own. */
  apiBase: () => string;
  getToken: () => string | null;
  /**
   * The server refused the operator's token (401: expired, idle for 30 minutes, signed out elsewhere,
   * disabled): forget it and the console's cached data; the console then shows its sign-in.
   */
  onSessionEnded: () => void;
}

export interface OpsClient {
  /** Resolves with the envelope: errors resolve with the error body, never reject. */
  call<Id extends OpsRouteId>(id: Id, options?: OpsCallOptions<Id>): Promise<Envelope<RouteData<Id>>>;
  /** Resolves with `data`, throws `ApiError` on an error envelope (for TanStack Query). */
  fetchData<Id extends OpsRouteId>(id: Id, options?: OpsCallOptions<Id>): Promise<RouteData<Id>>;
  /**
   * A file the server sends as raw bytes (a KYC document, outside the contract): a Blob of its content
   * type. Throws `ApiError` with the server's message when refused.
   */
  fetchFile(path: string, query: Record<string, string | number>): Promise<Blob>;
  /** POST /ops/auth/signout (its failure ignored), then the session ends here. */
  signOut(): Promise<void>;
}

const TIMEOUT_MS = 30_000;

/** Whether a 401 on this call means the operator's session is over (not a wrong password or code). */
function carriesSession(id: OpsRouteId): boolean {
  return routes[id].auth !== 'ops-open';
}

export function createOpsClient(deps: OpsClientDeps): OpsClient {
  function headers(withSession: boolean): Record<string, string> {
    const out: Record<string, string> = { accept: 'application/json' };
    const token = deps.getToken();
    if (withSession && token) out.authorization = `Bearer ${token}`;
    return out;
  }

  async function send(url: string, init: RequestInit, signal?: AbortSignal): Promise<Response | null> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
    const abort = () => controller.abort();
    if (signal?.aborted) controller.abort();
    signal?.addEventListener('abort', abort);
    try {
      return await deps.fetch(url, { ...init, signal: controller.signal });
    } catch {
      return null;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
    }
  }

  async function call<Id extends OpsRouteId>(
    id: Id,
    options: OpsCallOptions<Id> = {},
  ): Promise<Envelope<RouteData<Id>>> {
    const route = routes[id];
    const withSession = carriesSession(id);
    const head = headers(withSession);
    let body: string | undefined;
    if (options.body !== undefined) {
      head['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const response = await send(
      buildUrl(deps.apiBase(), route.path, options.query),
      { method: route.method, headers: head, body },
      options.signal,
    );
    if (!response) return networkError() as Envelope<RouteData<Id>>;
    if (response.status === 401 && withSession) deps.onSessionEnded();
    return (await readEnvelope(response)) as Envelope<RouteData<Id>>;
  }

  async function fetchData<Id extends OpsRouteId>(
    id: Id,
    options?: OpsCallOptions<Id>,
  ): Promise<RouteData<Id>> {
    const envelope = await call(id, options);
    if (envelope.error) throw new ApiError(envelope);
    return envelope.data;
  }

  async function fetchFile(path: string, query: Record<string, string | number>): Promise<Blob> {
    const response = await send(buildUrl(deps.apiBase(), path, query), {
      method: 'GET',
      headers: { ...headers(true), accept: '*/*' },
    });
    if (!response) throw new ApiError(networkError());
    if (response.status === 401) deps.onSessionEnded();
    if (!response.ok) {
      const envelope = await readEnvelope(response);
      throw new ApiError(envelope.error ? envelope : networkError(undefined, response.status));
    }
    return response.blob();
  }

  async function signOut(): Promise<void> {
    try {
      await call('ops.signout');
    } finally {
      deps.onSessionEnded();
    }
  }

  return { call, fetchData, fetchFile, signOut };
}
