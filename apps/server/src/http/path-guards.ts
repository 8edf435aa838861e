import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { AppError } from './app-error.ts';
import { toEnvelope } from './error-handler.ts';
import { checkApiKey } from './guards.ts';
import { setFallbackSecurityHeaders } from './security-headers.ts';

/*
 * How the router (find-my-way, under Fastify 5) reads a path, measured: it percent-decodes once before
 * matching (`/%61pi/account` and `/api/%61ccount` reach `/api/account`, `/%77s` reaches `/ws`), and an
 * absolute-form target (`GET http://host/api/account`) reaches the route with `request.url` still
 * starting `http://`. It does not fold case, collapse `//`, drop a trailing `/` or `;params`, or resolve
 * `.`/`..` over a real socket (app.inject resolves dot segments before sending: `/api/./account` reaches
 * the route there). `%00`, `%2F` and friends are not matched. So no guard may read `request.url`: each
 * route carries its own (contract-routes.ts, the `/ws` route), and what the router leaves unmatched is
 * read below only to refuse, never to serve.
 */

/** First segments that are never a page of the web app. */
const RESERVED_SEGMENTS = new Set(['api', 'ops', 'ws', 'healthz']);
/** A page of the app: letters, digits, `-`, `_` and single slashes; no dots, `%`, `;` or `\`. */
const PLAIN_PAGE_PATH = /^(?:\/[A-Za-z0-9_-]+)*\/?$/;

/**
 * The first segment of a request's path as the most lenient server, proxy or router could read it:
 * query, fragment and an absolute form's origin dropped, percent-decoded (repeatedly), `\` read as `/`,
 * empty, `.` and `..` segments resolved, `;parameters` and control characters dropped, lower-cased.
 */
export function leadingSegment(url: string): string {
  let path = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '').split(/[?#]/, 1)[0] ?? '';
  for (let round = 0; round < 3; round += 1) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      break;
    }
    if (decoded === path) break;
    path = decoded;
  }
  const segments: string[] = [];
  for (const raw of path.replace(/\\/g, '/').split('/')) {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is dropped
    const segment = (raw.split(';', 1)[0] ?? '').replace(/[\u0000-\u0020\u007f]/g, '').toLowerCase();
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return segments[0] ?? '';
}

/** Whether the web app's history fallback may answer this URL with index.html. */
export function isAppPagePath(url: string): boolean {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  return PLAIN_PAGE_PATH.test(path) && !RESERVED_SEGMENTS.has(leadingSegment(path));
}

/**
 * What the router did not match: a page of the web app (history fallback), or the 404 envelope, after
 * the API-key 403 for anything that reads as `/api` so that no spelling tells a caller without a key
 * more than the plain path would.
 */
export function notFoundHandler(ctx: AppContext) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.server.sendAppIndex?.(request, reply)) return reply;
    if (leadingSegment(request.url) === 'api') checkApiKey(ctx, request);
    const path = request.url.split('?', 1)[0];
    const error = new AppError('NOT_FOUND', `There is no ${request.method} ${path}.`);
    return reply.status(error.status).send(toEnvelope(error));
  };
}

/**
 * A target the router cannot even read (`/api/account%`, `%zz`, a parameter over 100 characters) is
 * refused before any hook runs: Fastify would answer plain JSON without the envelope or the security
 * headers, so both are set here.
 */
export function unroutableHandler(config: { publicUrl: string }) {
  return (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
    const refusal = new AppError(
      'BAD_REQUEST',
      tooLong ? 'A part of the address is too long.' : 'The address is not valid (bad percent-encoding).',
    );
    setFallbackSecurityHeaders(reply, config);
    return reply.status(refusal.status).send(toEnvelope(refusal));
  };
}
