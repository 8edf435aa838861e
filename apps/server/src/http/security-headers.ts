import { createHash, randomFillSync } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** `'sha256-…'` of an inline `<script>` or `<style>` body, as a CSP source expression. */
export function cspHash(inlineText: string): string {
  return `'sha256-${createHash('sha256').update(inlineText, 'utf8').digest('base64')}'`;
}

/**
 * Powerful features the app never uses are switched off for the page and any frame. Passkeys (WebAuthn)
 * stay allowed for the page itself. Only features Chromium recognises are listed: an unknown one is a
 * console warning on every page (csp.e2e.ts checks).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-create=(self)',
  'publickey-credentials-get=(self)',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

const HSTS_MAX_AGE = 31_536_000;

/**
 * The one `<style>` lightweight-charts 5 injects, for the TradingView attribution logo its licence asks
 * the app to show (trade screen). Allowed by hash: an upgrade that changes it fails the browser suite.
 */
export const CHART_ATTRIBUTION_STYLE =
  'a#tv-attr-logo{--fill:#131722;--stroke:#fff;position:absolute;left:10px;bottom:10px;height:19px;width:35px;margin:0;padding:0;border:0;z-index:3;}a#tv-attr-logo[data-dark]{--fill:#D1D4DC;--stroke:#131722;}';

export interface CspAllowances {
  /** Bodies of the inline scripts the server writes into its own pages (the app's config script). */
  inlineScripts?: string[];
}

/**
 * The Content-Security-Policy directives; helmet adds this answer's nonce to script-src and style-src.
 *
 * Scripts: this origin, and the inline scripts the server wrote itself by their sha256 hash (their text
 * is fixed for the life of the process, so the allowance is exact and needs no per-answer plumbing); no
 * 'unsafe-inline', no 'unsafe-eval' (the app runs zod jitless for that).
 *
 * Styles, measured in Chromium on every screen: Ionic 9 (Stencil) injects its components' CSS as
 * `<style>` elements, refused under `style-src 'self'` (Chromium reports them as "Applying inline
 * style"). Stencil stamps those elements with the nonce of `<meta name="csp-nonce">`, which index.html
 * carries (modules/web), so no 'unsafe-inline' is needed; lightweight-charts' one style goes by hash.
 * Style changes through the CSSOM (element.style, which React, Ionic and the chart use) are not
 * governed by CSP.
 *
 * `connect-src 'self'` covers the API and the same-origin WebSocket (`ws:`/`wss:` to the page's own host
 * match `'self'` in CSP Level 3 browsers; the live screens connect under it in the browser suite).
 */
export function cspDirectives(allow: CspAllowances = {}, https = false): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(allow.inlineScripts ?? []).map(cspHash)],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", cspHash(CHART_ATTRIBUTION_STYLE)],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    // The service worker (/sw.js) and the install manifest: this origin only, never a blob or data URL.
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * Security headers on every answer (API JSON, errors, 404s, static files, index.html, the docs, /ws
 * refusals), set in the first onRequest hook so that even a request refused by a guard carries them.
 * HSTS only when the public address is https: sent over plain http it would lock a local install out.
 *
 * The headers are helmet's (its defaults, with the options below), worked out once: @fastify/helmet
 * built helmet's middleware again for every request and drew each nonce apart, some 40 µs of CPU per
 * request (a third of a plain API call's, a tenth of an order's: orders.bench's profile). Only the
 * policy's two nonces change from one answer to the next.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: { publicUrl: string },
  allow: CspAllowances = {},
): Promise<void> {
  const https = config.publicUrl.startsWith('https://');
  const headers = fixedHeaders(https);
  const policy = cspWithNonces(allow, https);
  const nonces = new NoncePool();
  // (@fastify/helmet's type of `reply.cspNonce`; null until this answer's hook has run.)
  app.decorateReply('cspNonce', null as unknown as FastifyReply['cspNonce']);
  app.addHook('onRequest', async (_request, reply) => {
    // A fresh nonce per answer (`reply.cspNonce`), added to script-src and style-src: index.html hands
    // the style nonce to Ionic, the docs page stamps it on its <style>. The script nonce is never used.
    const nonce = { script: nonces.take(), style: nonces.take() };
    reply.cspNonce = nonce;
    const raw = reply.raw;
    raw.setHeader('content-security-policy', policy(nonce.script, nonce.style));
    for (const [name, value] of headers) raw.setHeader(name, value);
    raw.removeHeader('x-powered-by');
  });
}

/** Every header but the policy: helmet's defaults with this app's options, and the permissions policy. */
function fixedHeaders(https: boolean): Array<[string, string]> {
  return [
    ['cross-origin-opener-policy', 'same-origin'],
    ['cross-origin-resource-policy', 'same-origin'],
    ['origin-agent-cluster', '?1'],
    ['referrer-policy', 'no-referrer'],
    ...(https
      ? [['strict-transport-security', `max-age=${HSTS_MAX_AGE}; includeSubDomains`] as [string, string]]
      : []),
    ['x-content-type-options', 'nosniff'],
    ['x-dns-prefetch-control', 'off'],
    ['x-download-options', 'noopen'],
    ['x-frame-options', 'DENY'],
    ['x-permitted-cross-domain-policies', 'none'],
    ['x-xss-protection', '0'],
    ['permissions-policy', PERMISSIONS_POLICY],
  ];
}

/**
 * The policy as helmet writes it (its own formatter and checks, run once), with `'nonce-…'` sources
 * appended to script-src and style-src: a function of the two nonces.
 */
function cspWithNonces(allow: CspAllowances, https: boolean): (script: string, style: string) => string {
  const directives = cspDirectives(allow, https);
  const SCRIPT = 'fit24scriptnonce';
  const STYLE = 'fit24stylenonce';
  directives['script-src'] = [...directives['script-src']!, `'nonce-${SCRIPT}'`];
  directives['style-src'] = [...directives['style-src']!, `'nonce-${STYLE}'`];
  let header = '';
  const recorder = {
    setHeader: (_name: string, value: string) => {
      header = value;
    },
  };
  fastifyHelmet.contentSecurityPolicy({ useDefaults: false, directives })(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: Error) => {
      if (error) throw error;
    },
  );
  const [head, middle, tail] = header.split(new RegExp(`${SCRIPT}|${STYLE}`)) as [string, string, string];
  if (tail === undefined || header.indexOf(SCRIPT) > header.indexOf(STYLE))
    throw new Error(`unexpected Content-Security-Policy layout: ${header}`);
  return (script, style) => `${head}${script}${middle}${style}${tail}`;
}

/**
 * 128-bit nonces in hex, cut from random bytes drawn 4 KB at a time (one draw per 256 nonces: a draw
 * per nonce cost more than helmet's headers themselves). Each byte is used once.
 */
class NoncePool {
  private readonly bytes = Buffer.alloc(4096);
  private at = this.bytes.length;

  take(): string {
    if (this.at === this.bytes.length) {
      randomFillSync(this.bytes);
      this.at = 0;
    }
    const nonce = this.bytes.toString('hex', this.at, this.at + 16);
    this.at += 16;
    return nonce;
  }
}

/**
 * For the few answers Fastify gives before any hook runs (a target the router cannot decode): the same
 * headers, helmet's being out of reach there. The policy is the page policy without any inline allowance.
 */
export function setFallbackSecurityHeaders(reply: FastifyReply, config: { publicUrl: string }): void {
  const https = config.publicUrl.startsWith('https://');
  const csp = Object.entries(cspDirectives({}, https))
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join(';');
  void reply.headers({ 'content-security-policy': csp, ...Object.fromEntries(fixedHeaders(https)) });
}
