import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databasesUnderTest, TEST_API_KEY, type TestApp } from '../../testing/test-app.ts';

describe('serving the web app on the API port', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'fit24-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<html><head><!--FIT24_CONFIG--></head><body>app</body></html>');
    writeFileSync(join(dist, 'assets', 'app-123.js'), 'console.log(1)');
    t = await createTestApp(databasesUnderTest()[0]!, { webDist: dist });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves index.html at / with the client configuration written in', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain(`window.__FIT24_CONFIG__={"apiKey":"${TEST_API_KEY}","apiBase":""}`);
    expect(response.body).not.toContain('<!--FIT24_CONFIG-->');
  });

  it('loads the app for a deep link (history fallback)', async () => {
    for (const url of ['/affiliate', '/tabs/home', '/funds/deposit?asset_id=1', '/affiliate/stake']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('__FIT24_CONFIG__');
    }
  });

  it('serves built assets with a long cache life', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app-123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('keeps API and ops paths out of the fallback', async () => {
    const api = await t.app.inject({
      method: 'GET',
      url: '/api/unknown',
      headers: { 'x-api-key': TEST_API_KEY },
    });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: true, code: 404 });
    const ops = await t.app.inject({ method: 'GET', url: '/ops/unknown' });
    expect(ops.json()).toMatchObject({ error: true, code: 404 });
    const post = await t.app.inject({ method: 'POST', url: '/affiliate' });
    expect(post.statusCode).toBe(404);
  });
});

/** A script long enough to be worth compressing, as the build's chunks are. */
const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `'row ${i}'`).join(',')}];\n`;

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET over a real socket, the bytes as sent (fetch would decode them and hide the encoding). */
function rawGet(base: string, path: string, acceptEncoding?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    const req = httpRequest(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the built app, compressed at build time and cached by kind (issue 15)', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'fit24-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<html><head><!--FIT24_CONFIG--></head><body>app</body></html>');
    // As the build writes them: each file, its brotli copy and its gzip copy side by side.
    const files = {
      'assets/index-AbC123.js': SCRIPT,
      'sw.js': `self.addEventListener('install', () => {});\n${SCRIPT}`,
      'manifest.webmanifest': JSON.stringify({ name: 'FIT24 Exchange', description: 'x'.repeat(2000) }),
    };
    for (const [name, text] of Object.entries(files)) {
      writeFileSync(join(dist, name), text);
      writeFileSync(join(dist, `${name}.br`), brotliCompressSync(text));
      writeFileSync(join(dist, `${name}.gz`), gzipSync(text));
    }
    t = await createTestApp(databasesUnderTest()[0]!, { webDist: dist });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sends brotli when the browser takes it, gzip when it takes only gzip, the file as is otherwise', async () => {
    const path = '/assets/index-AbC123.js';
    const br = await rawGet(base, path, 'gzip, deflate, br, zstd');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);
    expect(br.body.length).toBeLessThan(SCRIPT.length / 4);
    expect(br.headers['content-type']).toMatch(/javascript/);

    const gz = await rawGet(base, path, 'gzip, deflate');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);

    for (const acceptEncoding of ['identity', undefined]) {
      const plain = await rawGet(base, path, acceptEncoding);
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString()).toBe(SCRIPT);
    }
  });

  it('tells caches that the answer depends on Accept-Encoding, whichever copy was sent', async () => {
    for (const acceptEncoding of ['br', 'gzip', 'identity']) {
      const answer = await rawGet(base, '/assets/index-AbC123.js', acceptEncoding);
      expect(String(answer.headers.vary).toLowerCase()).toContain('accept-encoding');
    }
  });

  it('caches hashed assets for a year, and has index.html, the service worker and the manifest revalidated', async () => {
    for (const acceptEncoding of ['br', 'gzip', 'identity']) {
      const asset = await rawGet(base, '/assets/index-AbC123.js', acceptEncoding);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      for (const path of ['/sw.js', '/manifest.webmanifest']) {
        const answer = await rawGet(base, path, acceptEncoding);
        expect(answer.status, path).toBe(200);
        expect(answer.headers['cache-control'], `${path} ${acceptEncoding}`).toBe('no-cache');
      }
    }
    for (const path of ['/', '/index.html', '/tabs/home']) {
      const page = await rawGet(base, path, 'br');
      expect(page.headers['cache-control'], path).toBe('no-cache');
    }
  });

  it('gives the compressed copies no address of their own', async () => {
    for (const path of ['/assets/index-AbC123.js.br', '/assets/index-AbC123.js.gz', '/sw.js.br']) {
      const answer = await rawGet(base, path, 'br');
      expect(answer.status, path).toBe(404);
    }
  });

  it('answers a strange path with a 4xx, never a 500', async () => {
    const paths = [
      '/assets/%E0%A4%A',
      '/assets/..%2f..%2fpackage.json',
      '/assets/index-AbC123.js%00',
      '/assets/index-AbC123.js/',
      '/assets/index-AbC123.js/..%5c..%5cindex.html',
      '/%',
      '/sw.js%2ebr',
      `/assets/${'a'.repeat(5000)}.js`,
    ];
    for (const path of paths) {
      const answer = await rawGet(base, path, 'br, gzip');
      expect(answer.status, path).toBeGreaterThanOrEqual(400);
      expect(answer.status, path).toBeLessThan(500);
    }
  });

  it('resolves encoded dot segments inside the app: its page or a 4xx, never a file outside the build', async () => {
    for (const path of ['/assets/%2e%2e/%2e%2e/etc/passwd', '/assets/%2e%2e/%2e%2e/%2e%2e/package.json']) {
      const answer = await rawGet(base, path, 'identity');
      expect(answer.status, path).toBeLessThan(500);
      if (answer.status === 200) expect(answer.body.toString(), path).toContain('__FIT24_CONFIG__');
      else expect(answer.status, path).toBeGreaterThanOrEqual(400);
      expect(answer.body.toString(), path).not.toMatch(/root:|"dependencies"/);
    }
  });
});
