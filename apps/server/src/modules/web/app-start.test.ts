import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databasesUnderTest, type TestApp } from '../../testing/test-app.ts';
import { APP_START_SCRIPT, deferAppScripts } from './app-start.ts';

/** index.html as the build writes it: the entry's tags in <head>, the brand in the body. */
const INDEX_HTML =
  '<html><head><!--FIT24_CONFIG--><script type="module" crossorigin src="/assets/index-E1.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/runtime-R1.js">' +
  '<link rel="preload" as="style" crossorigin href="/assets/index-E1.css" data-app-styles></head>' +
  '<body><div id="root"></div><div class="fit24-shell">FIT24</div><!--FIT24_FIRST_SCREEN--></body></html>';

function writeDist(html = INDEX_HTML): string {
  const dist = mkdtempSync(join(tmpdir(), 'fit24-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), html);
  return dist;
}

describe('every page asks for the app’s scripts once its first paint is on screen (issue 15)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(databasesUnderTest()[0]!, { webDist: writeDist() });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('names them in the start script’s template at the end of the body, none in <head>', async () => {
    for (const url of ['/', '/login', '/tabs/home', '/trade', '/nowhere', '/index.html']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      const [head = '', body = ''] = response.body.split('</head>');
      expect(head, url).not.toMatch(/<script type="module"|rel="modulepreload"/);
      // The app's stylesheet still comes at once: the entry waits for it before its first render.
      expect(head, url).toContain('href="/assets/index-E1.css" data-app-styles>');
      expect(body, url).toContain(
        '<div class="fit24-shell">FIT24</div><template data-app-start data-entry="/assets/index-E1.js">' +
          '<link rel="modulepreload" crossorigin href="/assets/runtime-R1.js"></template>' +
          `<script>${APP_START_SCRIPT}</script></body>`,
      );
    }
  });

  it('runs a script the policy allows by its hash', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    const policy = String(response.headers['content-security-policy']);
    const hash = createHash('sha256').update(APP_START_SCRIPT).digest('base64');
    expect(policy).toContain(`'sha256-${hash}'`);
    expect(/script-src ([^;]*)/.exec(policy)?.[1]).toContain(`'sha256-${hash}'`);
  });
});

describe('deferAppScripts', () => {
  it('leaves a <head> with no entry script as it is', () => {
    expect(
      deferAppScripts('<meta charset="utf-8"><link rel="icon" href="/favicon.svg">', ''),
    ).toBeUndefined();
    expect(
      deferAppScripts('<script type="module" src="https://elsewhere.example/x.js"></script>', ''),
    ).toBeUndefined();
  });

  it('moves the entry and Vite’s preloads, with the route’s links, into the template', () => {
    const deferred = deferAppScripts(
      '<script type="module" crossorigin src="/assets/index-E1.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/a-A1.js"><link rel="manifest" href="/m">',
      '<link rel="modulepreload" crossorigin href="/assets/page-P1.js">',
    );
    expect(deferred?.headTags).toBe('<link rel="manifest" href="/m">');
    expect(deferred?.start).toBe(
      '<template data-app-start data-entry="/assets/index-E1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/a-A1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/page-P1.js"></template>' +
        `<script>${APP_START_SCRIPT}</script>`,
    );
  });
});
