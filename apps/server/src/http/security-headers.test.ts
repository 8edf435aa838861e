import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_START_SCRIPT } from '../modules/web/app-start.ts';
import {
  createTestApp,
  databasesUnderTest,
  TEST_API_KEY,
  TEST_OPS_KEY,
  type TestApp,
} from '../testing/test-app.ts';
import { CHART_ATTRIBUTION_STYLE } from './security-headers.ts';

function webDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'fit24-dist-'));
  mkdirSync(join(dist, 'assets'));
  // As the build writes it: the first paint's styles inline (apps/web/build/first-paint.ts), the entry's tag.
  writeFileSync(
    join(dist, 'index.html'),
    '<html><head><style data-first-paint>.fit24-shell{display:flex}</style><!--FIT24_CONFIG-->' +
      '<script type="module" crossorigin src="/assets/app-123.js"></script></head><body>app</body></html>',
  );
  writeFileSync(join(dist, 'assets', 'app-123.js'), 'console.log(1)');
  return dist;
}

/** `default-src 'self'; img-src 'self' data:` → { 'default-src': ["'self'"], 'img-src': ["'self'", 'data:'] } */
function parseCsp(header: string | undefined): Record<string, string[]> {
  expect(header, 'a Content-Security-Policy').toBeTypeOf('string');
  const entries = header!
    .split(';')
    .map((directive) => directive.trim().split(/\s+/))
    .filter(([name]) => name)
    .map(([name, ...sources]) => [name!, sources] as const);
  return Object.fromEntries(entries);
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

function expectSecurityHeaders(response: LightMyRequestResponse, label: string): Record<string, string[]> {
  const h = response.headers;
  const csp = parseCsp(h['content-security-policy'] as string);
  expect(csp['default-src'], label).toEqual(["'self'"]);
  expect(csp['script-src']?.[0], label).toBe("'self'");
  expect(csp['script-src'], label).not.toContain("'unsafe-inline'");
  expect(csp['script-src'], label).not.toContain("'unsafe-eval'");
  expect(csp['script-src-attr'], label).toEqual(["'none'"]);
  expect(csp['object-src'], label).toEqual(["'none'"]);
  expect(csp['base-uri'], label).toEqual(["'self'"]);
  expect(csp['form-action'], label).toEqual(["'self'"]);
  expect(csp['frame-ancestors'], label).toEqual(["'none'"]);
  expect(csp['img-src'], label).toEqual(["'self'", 'data:', 'blob:']);
  expect(csp['connect-src'], label).toEqual(["'self'"]);
  expect(csp['worker-src'], label).toEqual(["'self'"]);
  expect(csp['manifest-src'], label).toEqual(["'self'"]);
  expect(csp['style-src'], label).not.toContain("'unsafe-inline'");
  expect(h['x-content-type-options'], label).toBe('nosniff');
  expect(h['referrer-policy'], label).toBe('no-referrer');
  expect(h['cross-origin-opener-policy'], label).toBe('same-origin');
  expect(h['x-frame-options'], label).toBe('DENY');
  // helmet's other defaults, written out in security-headers.ts.
  expect(h['origin-agent-cluster'], label).toBe('?1');
  expect(h['x-dns-prefetch-control'], label).toBe('off');
  expect(h['x-download-options'], label).toBe('noopen');
  expect(h['x-permitted-cross-domain-policies'], label).toBe('none');
  expect(h['x-xss-protection'], label).toBe('0');
  const permissions = String(h['permissions-policy']);
  for (const denied of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()']) {
    expect(permissions, label).toContain(denied);
  }
  expect(permissions, label).toContain('publickey-credentials-get=(self)');
  expect(permissions, label).toContain('publickey-credentials-create=(self)');
  expect(h['strict-transport-security'], `${label}: no HSTS over http`).toBeUndefined();
  return csp;
}

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(databasesUnderTest()[0]!, { webDist: webDist() });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('are on API answers, refusals, errors, 404s, static files and the socket refusal', async () => {
    const cases: Array<[string, InjectOptions, number]> = [
      ['API answer', { url: '/api/version', headers: { 'x-api-key': TEST_API_KEY } }, 200],
      ['API-key refusal', { url: '/api/version' }, 403],
      ['session refusal', { url: '/api/account', headers: { 'x-api-key': TEST_API_KEY } }, 401],
      ['bad JSON', { method: 'POST', url: '/api/auth/signin', ...badJson() }, 400],
      ['API 404', { url: '/api/nothing-here', headers: { 'x-api-key': TEST_API_KEY } }, 404],
      ['404', { url: '/missing.js' }, 404],
      ['static file', { url: '/assets/app-123.js' }, 200],
      ['socket without a key', { url: '/ws' }, 403],
      ['unreadable address', { url: '/api/version%' }, 400],
      ['health', { url: '/healthz' }, 200],
      ['OpenAPI document', { url: '/api/docs/json' }, 200],
      ['share-link redirect', { url: '/r/ABC123' }, 302],
      ['operator answer', { url: '/ops/audit', headers: { authorization: `Bearer ${t.admin.token}` } }, 200],
      ['operator refusal', { url: '/ops/audit', headers: { 'x-ops-key': TEST_OPS_KEY } }, 401],
      ['HEAD of the app', { method: 'HEAD', url: '/' }, 200],
      [
        'a body that is not JSON',
        {
          method: 'POST',
          url: '/api/auth/signin',
          headers: { 'x-api-key': TEST_API_KEY, 'content-type': 'text/plain' },
          payload: 'x',
        },
        400,
      ],
      [
        'body too large',
        {
          method: 'POST',
          url: '/api/auth/signin',
          headers: { 'x-api-key': TEST_API_KEY, 'content-type': 'application/json' },
          payload: `{"email_id":"${'x'.repeat(2 * 1024 * 1024)}"}`,
        },
        400,
      ],
    ];
    for (const [label, request, status] of cases) {
      const response = await t.app.inject(request);
      expect(response.statusCode, label).toBe(status);
      expectSecurityHeaders(response, label);
    }
    // Too many requests: the sixth reset code asked for one email in 15 minutes.
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/password/otp',
        headers: { 'x-api-key': TEST_API_KEY },
        payload: { email_id: 'headers-429@example.com' },
      });
    for (let i = 0; i < 5; i += 1) expect((await ask()).statusCode).toBe(200);
    const throttled = await ask();
    expect(throttled.statusCode).toBe(429);
    expectSecurityHeaders(throttled, 'too many requests');
  });

  it('allow the inline config and start scripts of index.html by their hashes, and nothing else inline', async () => {
    for (const url of ['/', '/index.html', '/tabs/home']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      const csp = expectSecurityHeaders(response, url);
      const scripts = [...response.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
      expect(scripts, url).toHaveLength(2);
      expect(scripts[0], url).toContain(`"apiKey":"${TEST_API_KEY}"`);
      expect(scripts[1], url).toBe(APP_START_SCRIPT);
      const hashes = csp['script-src']!.filter((source) => source.startsWith("'sha256-"));
      expect(hashes, url).toEqual(scripts.map((script) => sha256(script)));
    }
  });

  it("hand Ionic and the first paint's styles a fresh style nonce per answer, the one of its policy", async () => {
    const nonces = [];
    for (let i = 0; i < 2; i += 1) {
      const response = await t.app.inject({ url: '/' });
      const nonce = /<meta name="csp-nonce" content="([^"]+)">/.exec(response.body)?.[1];
      expect(nonce).toMatch(/^[0-9a-f]{32}$/);
      // The one inline <style> of index.html carries it, and no style element goes without it.
      expect([...response.body.matchAll(/<style[^>]*>/g)].map((m) => m[0])).toEqual([
        `<style nonce="${nonce}">`,
      ]);
      expect(response.body).toContain(`<style nonce="${nonce}">.fit24-shell{display:flex}</style>`);
      expect(parseCsp(response.headers['content-security-policy'] as string)['style-src']).toEqual([
        "'self'",
        sha256(CHART_ATTRIBUTION_STYLE),
        `'nonce-${nonce}'`,
      ]);
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it('give the docs page its inline style by nonce, no inline script', async () => {
    const response = await t.app.inject({ url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    const csp = expectSecurityHeaders(response, 'docs');
    const nonce = /<style nonce="([^"]+)">/.exec(response.body)?.[1];
    expect(csp['style-src']).toContain(`'nonce-${nonce}'`);
    expect(response.body).not.toMatch(/<script/);
  });

  it('send HSTS only when PUBLIC_URL is https', async () => {
    const https = await createTestApp(databasesUnderTest()[0]!, { publicUrl: 'https://fit24.example' });
    try {
      for (const request of [{ url: '/api/version' }, { url: '/api/version%' }, { url: '/' }]) {
        const response = await https.app.inject(request);
        expect(response.headers['strict-transport-security'], request.url).toBe(
          'max-age=31536000; includeSubDomains',
        );
      }
    } finally {
      await https.close();
    }
  });
});

function badJson(): InjectOptions {
  return {
    headers: { 'x-api-key': TEST_API_KEY, 'content-type': 'application/json' },
    payload: '{"email_id":',
  };
}
