import {
  type Envelope,
  type ErrorEnvelope,
  isErrorEnvelope,
  type RouteBody,
  type RouteData,
  type RouteId,
  type RouteQuery,
  type routes,
  SESSION_INVALID_CODE,
} from '@fit24/contract';
import { i18n } from '../i18n/i18n.ts';
import type { AppConfig } from './config.ts';
import { routeTable } from './route-table.ts';
import type { MultipartRequest, MultipartResponse } from './xhr-upload.ts';

/** The calls the app makes: every route except the operator API. */
export type ClientRouteId = Exclude<RouteId, `ops.${string}`>;

export interface CallOptions<Id extends ClientRouteId> {
  query?: RouteQuery<Id>;
  body?: RouteBody<Id>;
  /** Multipart body (file upload); sent as is, the browser sets its content type. */
  form?: FormData;
  /** `Idempotency-Key` for calls that move money: a repeat with the same key moves nothing twice. */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

/** `code` of the envelope the client makes up when the server could not be reached. */
export const NETWORK_ERROR_CODE = 0;
export function networkErrorMessage(): string {
  return i18n.t('network.unreachable');
}
const TIMEOUT_MS = 30_000;
/** Uploads may be several megabytes on a slow mobile link. */
const UPLOAD_TIMEOUT_MS = 180_000;

/** The calls that take a multipart body (file upload). */
export type UploadRouteId = {
  [Id in ClientRouteId]: (typeof routes)[Id] extends { multipart: true } ? Id : never;
}[ClientRouteId];

export interface UploadOptions {
  /** Called with the share of the body sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** Thrown by `fetchData` (for TanStack Query); carries the error envelope. */
export class ApiError extends Error {
  readonly code: number;
  readonly fields: Record<string, string> | undefined;
  readonly envelope: ErrorEnvelope;

  constructor(envelope: ErrorEnvelope) {
    super(envelope.message);
    this.name = 'ApiError';
    this.code = envelope.code;
    this.fields = envelope.fields;
    this.envelope = envelope;
  }
}

export interface ApiClientDeps {
  /** Injected so tests run without a server. */
  fetch: typeof fetch;
  config: () => AppConfig;
  getToken: () => string | null;
  /** What ending a session does besides the signout call: clear storage, drop caches, go to '/'. */
  clearSession: () => Promise<void> | void;
  forgetUserData: () => void;
  navigateToRoot: () => void;
  /** The server ended the session (a 502, or the socket said so): the app tells the person why. */
  onSessionExpired?: () => void;
  /** Sends a multipart body with upload progress (XMLHttpRequest in the app: fetch reports none). */
  sendMultipart?: (request: MultipartRequest) => Promise<MultipartResponse>;
}

export interface ApiClient {
  /** Resolves with the envelope: errors resolve with the error body (spec §8), never reject. */
  call<Id extends ClientRouteId>(id: Id, options?: CallOptions<Id>): Promise<Envelope<RouteData<Id>>>;
  /** Resolves with `data`, throws `ApiError` on an error envelope. */
  fetchData<Id extends ClientRouteId>(id: Id, options?: CallOptions<Id>): Promise<RouteData<Id>>;
  /**
   * Sends `form` (multipart) to an upload route, reporting progress; resolves with the envelope like
   * `call`, with the same 502 rule.
   */
  upload<Id extends UploadRouteId>(
    id: Id,
    form: FormData,
    options?: UploadOptions,
  ): Promise<Envelope<RouteData<Id>>>;
  /**
   * Signs out (POST /api/auth/signout; its failure is ignored), clears the stored session and the cached
   * data, and goes to the root. Also what a 502 from any call triggers.
   */
  signOut(): Promise<void>;
  /**
   * The session already ended on the server (the socket said so: revoked by a sign-out elsewhere, a
   * password reset, a freeze): clears the stored session and the cached data and goes to the root, as
   * `signOut` does, without a call.
   */
  endSession(): Promise<void>;
}

/** The envelope the client makes up when no answer came (or the answer was not one). */
export function networkError(message = networkErrorMessage(), code = NETWORK_ERROR_CODE): ErrorEnvelope {
  return { error: true, code, message };
}

/** `base` + `path` with the query's defined values as search parameters. */
export function buildUrl(base: string, path: string, query: unknown): string {
  const params = new URLSearchParams();
  if (query && typeof query === 'object') {
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null) params.set(key, String(value));
    }
  }
  const search = params.toString();
  return `${base}${path}${search ? `?${search}` : ''}`;
}

/** The envelope in a parsed answer, or an error envelope carrying the HTTP status when it is none. */
function toEnvelope(status: number, payload: unknown): Envelope<unknown> {
  if (isErrorEnvelope(payload)) return payload;
  if (typeof payload === 'object' && payload !== null && (payload as { error?: unknown }).error === false) {
    return payload as Envelope<unknown>;
  }
  return networkError(i18n.t('network.http', { status }), status);
}

/** The envelope of an answer; an answer that is none becomes an error envelope with its HTTP status. */
export async function readEnvelope(response: Response): Promise<Envelope<unknown>> {
  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    payload = undefined;
  }
  return toEnvelope(response.status, payload);
}

function parseText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  let ending: Promise<void> | null = null;

  /** The API key always, the bearer token on signed-in calls. */
  function baseHeaders(id: ClientRouteId): Record<string, string> {
    const headers: Record<string, string> = { accept: 'application/json', 'x-api-key': deps.config().apiKey };
    const token = deps.getToken();
    if (routeTable[id].auth !== 'public' && token) headers.authorization = `Bearer ${token}`;
    return headers;
  }

  async function request(id: ClientRouteId, options: CallOptions<ClientRouteId>): Promise<Envelope<unknown>> {
    const route = routeTable[id];
    const { apiBase } = deps.config();
    const headers = baseHeaders(id);
    if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
    let body: BodyInit | undefined;
    if (options.form) {
      body = options.form;
    } else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    // A hung request must end (spinners wait on it); older WebViews lack AbortSignal.any/timeout.
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
    const abort = () => controller.abort();
    if (options.signal?.aborted) controller.abort();
    options.signal?.addEventListener('abort', abort);
    try {
      const response = await deps.fetch(buildUrl(apiBase, route.path, options.query), {
        method: route.method,
        headers,
        body,
        signal: controller.signal,
      });
      return await readEnvelope(response);
    } catch {
      return networkError();
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', abort);
    }
  }

  /** Ends the session here once, however many callers ask at the same time. */
  function end(revoke: boolean, expired: boolean): Promise<void> {
    ending ??= (async () => {
      try {
        // A failed signout (network, 502 for an already dead token) still clears the session (spec §8).
        if (revoke) await request('auth.signout', {});
      } catch {
        // Ignored: see above.
      } finally {
        await deps.clearSession();
        deps.forgetUserData();
        if (expired) deps.onSessionExpired?.();
        deps.navigateToRoot();
        ending = null;
      }
    })();
    return ending;
  }
  const signOut = () => end(true, false);
  const endSession = () => end(false, true);
  /** A call answered 502: the session is dead on the server; revoke it here too and say so. */
  const sessionRejected = () => end(true, true);

  async function call<Id extends ClientRouteId>(
    id: Id,
    options: CallOptions<Id> = {},
  ): Promise<Envelope<RouteData<Id>>> {
    const envelope = await request(id, options as CallOptions<ClientRouteId>);
    if (envelope.error && envelope.code === SESSION_INVALID_CODE) await sessionRejected();
    return envelope as Envelope<RouteData<Id>>;
  }

  async function fetchData<Id extends ClientRouteId>(
    id: Id,
    options?: CallOptions<Id>,
  ): Promise<RouteData<Id>> {
    const envelope = await call(id, options);
    if (envelope.error) throw new ApiError(envelope);
    return envelope.data;
  }

  async function upload<Id extends UploadRouteId>(
    id: Id,
    form: FormData,
    options: UploadOptions = {},
  ): Promise<Envelope<RouteData<Id>>> {
    let envelope: Envelope<unknown>;
    if (!deps.sendMultipart) {
      envelope = await request(id, { form, signal: options.signal });
    } else {
      try {
        const answer = await deps.sendMultipart({
          url: buildUrl(deps.config().apiBase, routeTable[id].path, undefined),
          headers: baseHeaders(id),
          form,
          timeoutMs: UPLOAD_TIMEOUT_MS,
          onProgress: options.onProgress,
          signal: options.signal,
        });
        envelope = toEnvelope(answer.status, parseText(answer.body));
      } catch {
        envelope = networkError();
      }
    }
    if (envelope.error && envelope.code === SESSION_INVALID_CODE) await sessionRejected();
    return envelope as Envelope<RouteData<Id>>;
  }

  return { call, fetchData, upload, signOut, endSession };
}
