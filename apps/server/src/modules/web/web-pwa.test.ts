import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databasesUnderTest, type TestApp } from '../../testing/test-app.ts';

describe('the installable app’s files', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'fit24-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<html><head><!--FIT24_CONFIG--></head><body>app</body></html>');
    writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(join(dist, 'sw.js.br'), brotliCompressSync('self.addEventListener("fetch", () => {});'));
    writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"FIT24 Exchange"}');
    writeFileSync(join(dist, 'offline.html'), '<html><body>offline</body></html>');
    writeFileSync(join(dist, 'assets', 'app-123.js'), 'console.log(1)');
    t = await createTestApp(databasesUnderTest()[0]!, { webDist: dist });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves the service worker, the manifest and the offline page to be revalidated on every load', async () => {
    for (const [url, type] of [
      ['/sw.js', /javascript/],
      ['/manifest.webmanifest', /application\/manifest\+json/],
      ['/offline.html', /text\/html/],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['content-type'], url).toMatch(type);
    }
  });

  it('keeps the worker revalidated when its brotli copy is sent', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/sw.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('lets the worker and the manifest come from this origin only', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });
});
