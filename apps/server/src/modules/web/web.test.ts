import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
