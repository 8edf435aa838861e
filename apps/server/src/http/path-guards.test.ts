import { mkdtempSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { routeList } from '@fit24/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../testing/fixtures.ts';
import {
  createTestApp,
  databasesUnderTest,
  TEST_API_KEY,
  TEST_OPS_KEY,
  type TestApp,
} from '../testing/test-app.ts';
import { isAppPagePath, leadingSegment } from './path-guards.ts';

/** `/api/account` → `/%61pi/account`: the first letter percent-encoded, which the router decodes. */
const encodeFirst = (path: string) => `/%${path.charCodeAt(1).toString(16)}${path.slice(2)}`;
const encodeAll = (path: string) => path.replace(/[a-z]/g, (c) => `%${c.charCodeAt(0).toString(16)}`);

/**
 * Ways to write a path that some server, proxy or router reads as the same path. `routed` are the ones
 * Fastify's router does match to the route (measured): they must meet that route's guard.
 */
function spellings(path: string): { routed: string[]; other: string[] } {
  const [, first, ...rest] = path.split('/');
  const tail = rest.join('/');
  const last = rest.at(-1)!;
  const lastEncoded = `%${last.charCodeAt(0).toString(16)}${last.slice(1)}`;
  return {
    routed: [
      encodeFirst(path),
      encodeAll(path),
      `/${first}/${rest.slice(0, -1).concat(lastEncoded).join('/')}`,
      `http://localhost${path}`,
      `${path}#`,
    ],
    other: [
      `/${path}`,
      `/${first!.toUpperCase()}/${tail}`,
      `/${first}/./${tail}`,
      `/${first}//${tail}`,
      `${path}/`,
      `${path}//`,
      `/.${path}`,
      `/${first}/../${first}/${tail}`,
      `/x/..${path}`,
      `/..${path}`,
      `/${first};/${tail}`,
      `/${first};x=1/${tail}`,
      `${path};`,
      `${path};x=1`,
      `${path}%00`,
      `${path}%20`,
      `${path}%23`,
      `${path}%3b`,
      `${path}%2f`,
      `${path}.`,
      `${path}%2e`,
      `/${first}%2f${tail}`,
      `/${first}/%2e/${tail}`,
      `/${first}/%2e%2e/${first}/${tail}`,
      `/%2e${path}`,
      `/%2e%2e${path}`,
      `/${first}\\${tail}`,
      `/%25${path.charCodeAt(1).toString(16)}${path.slice(2)}`,
      `/${first}/docs/../${tail}`,
      `/${first}/docs/%2e%2e/${tail}`,
      `/${first}/docs;/../${tail}`,
    ],
  };
}

interface Answer {
  status: number;
  contentType: string;
  location: string;
  body: string;
}

/** One request over a real socket, the target sent as written (app.inject resolves `.` and `..` first). */
function rawGet(port: number, target: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
      socket.write(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n${lines.join('')}\r\n`);
    });
    let data = '';
    socket.on('data', (chunk) => {
      data += chunk.toString('latin1');
    });
    socket.on('error', reject);
    socket.on('end', () => {
      const [head = '', ...bodyParts] = data.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
      const contentType = /\r\ncontent-type: ([^\r]*)/i.exec(head)?.[1] ?? '';
      const location = /\r\nlocation: ([^\r]*)/i.exec(head)?.[1] ?? '';
      resolve({ status, contentType, location, body: bodyParts.join('\r\n\r\n') });
    });
  });
}

function expectNoData(answer: Answer, label: string, allowed: number[]): void {
  expect(allowed, `${label} → ${answer.status} ${answer.body.slice(0, 120)}`).toContain(answer.status);
  expect(answer.contentType, label).toMatch(/^application\/json/);
  expect(answer.body, label).not.toContain('"error":false');
  expect(answer.body, label).toContain('"error":true');
}

const DATA_ROUTES = ['/api/account', '/api/asset/balances', '/ops/audit', '/ops/outbox'];

describe.each(databasesUnderTest())('path spellings on $name', (database) => {
  let t: TestApp;
  let port: number;
  let token: string;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'fit24-dist-'));
    writeFileSync(join(dist, 'index.html'), '<html><head><!--FIT24_CONFIG--></head><body>app</body></html>');
    t = await createTestApp(database, { webDist: dist });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
    ({ token } = await createUserWithSession(t.ctx));
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(DATA_ROUTES)('%s: no spelling reaches data without its keys, over a real socket', async (path) => {
    const api = path.startsWith('/api/');
    const { routed, other } = spellings(path);
    for (const target of [...routed, ...other]) {
      const matched = routed.includes(target);
      // An /api route asks its API key (403); an /ops route its operator (401, the operator key included).
      const guard = api ? 403 : 401;
      expectNoData(
        await rawGet(port, target, {}),
        `${target} without a key`,
        matched ? [guard] : [guard, 404],
      );
      const withApiKey = await rawGet(port, target, { 'x-api-key': TEST_API_KEY });
      if (api) expectNoData(withApiKey, `${target} with the API key`, matched ? [401] : [401, 404]);
      else expectNoData(withApiKey, `${target} with only the API key`, matched ? [401] : [401, 404]);
      if (!api) {
        const withOpsKey = await rawGet(port, target, { 'x-ops-key': TEST_OPS_KEY });
        expectNoData(withOpsKey, `${target} with the operator key`, matched ? [401] : [401, 404]);
      }
      if (api && withApiKey.status === 401) expect(JSON.parse(withApiKey.body).code).toBe(502);
    }
  });

  it.each(DATA_ROUTES)(
    '%s: the spellings the router matches do reach the route with its keys',
    async (path) => {
      const headers: Record<string, string> = path.startsWith('/api/')
        ? { 'x-api-key': TEST_API_KEY, authorization: `Bearer ${token}` }
        : { authorization: `Bearer ${t.admin.token}` };
      for (const target of spellings(path).routed) {
        const answer = await rawGet(port, target, headers);
        expect(answer.status, target).toBe(200);
        expect(answer.body, target).toContain('"error":false');
      }
    },
  );

  it('app.inject (which resolves dot segments itself) and HEAD meet the same guards', async () => {
    for (const path of DATA_ROUTES) {
      const { routed, other } = spellings(path);
      for (const url of [...routed, ...other]) {
        for (const method of ['GET', 'HEAD'] as const) {
          const response = await t.app.inject({ method, url });
          // A spelling the router matches meets the route's own guard, never a 404 that hides it.
          const guard = path.startsWith('/api/') ? 403 : 401;
          const allowed = routed.includes(url) ? [guard] : [guard, 404];
          expect(allowed, `${method} ${url} → ${response.statusCode}`).toContain(response.statusCode);
          if (method === 'GET') expect(response.json().error, url).toBe(true);
        }
      }
    }
  });

  it('every route of the contract carries its own guard, whatever the spelling', async () => {
    for (const def of routeList) {
      const url = encodeFirst(def.path);
      const bare = await t.app.inject({ method: def.method, url });
      const [status, message] = {
        public: [403, /API key/],
        session: [403, /API key/],
        user: [403, /API key/],
        ops: [401, /Sign in as an operator/],
        'ops-bootstrap': [403, /operator key only creates the first admin/],
        // Signing in needs no caller: a bare request is only a bad body.
        'ops-open': [400, /./],
      }[def.auth] as [number, RegExp];
      expect(bare.statusCode, `${def.method} ${url}`).toBe(status);
      expect(bare.json().message, url).toMatch(message);
      if (def.auth !== 'session' && def.auth !== 'user') continue;
      const keyOnly = await t.app.inject({ method: def.method, url, headers: { 'x-api-key': TEST_API_KEY } });
      expect(keyOnly.statusCode, url).toBe(401);
      expect(keyOnly.json().code, url).toBe(502);
    }
  });

  it('never serves the web app for a spelling of /api, /ops, /ws or /healthz', async () => {
    const targets = ['//api/account', '/API/account', '/Api', '/api;/x', '/%61pi/unknown', '/OPS/audit'];
    targets.push('//ops/audit', '/WS', '//ws', '/ws/', '/%77s/', '/healthz/', '/HEALTHZ', '/api/', '/ops');
    targets.push('/x/../api/account', '/%2561pi/account', '/assets/missing.js', '/api\\account');
    for (const target of targets) {
      const answer = await rawGet(port, target, {});
      expectNoData(answer, target, [401, 403, 404]);
    }
    const page = await rawGet(port, '/affiliate/stake', {});
    expect(page.status).toBe(200);
    expect(page.body).toContain('__FIT24_CONFIG__');
  });

  it('answers an unknown /api path with the API-key 403, then a 404 envelope', async () => {
    const bare = await t.app.inject({ method: 'GET', url: '/%41PI/nothing-here' });
    expect(bare.statusCode).toBe(403);
    const keyed = await t.app.inject({
      method: 'GET',
      url: '/api/nothing-here',
      headers: { 'x-api-key': TEST_API_KEY },
    });
    expect(keyed.statusCode).toBe(404);
    expect(keyed.json()).toMatchObject({ error: true, code: 404 });
  });

  it('refuses the socket without the API key, however /ws is written', async () => {
    for (const url of ['/ws', '/%77s', '/%77%73', '/ws?api_key=wrong-key-0123456789']) {
      await expect(t.app.injectWS(url), url).rejects.toThrow('Unexpected server response: 403');
    }
    for (const url of ['/WS', '//ws', '/ws/', '/./ws', '/%77s/']) {
      await expect(t.app.injectWS(url), url).rejects.toThrow('Unexpected server response: 404');
    }
    const ws = await t.app.injectWS(`/%77s?api_key=${TEST_API_KEY}`);
    ws.terminate();
  });

  it('answers a target the router cannot read with a 400 envelope, never a 500', async () => {
    for (const target of ['/api/account%', '/%zzpi/account', '/api/account%E0%A4%A', '/r/%zz']) {
      const answer = await rawGet(port, target, {});
      expectNoData(answer, target, [400]);
    }
  });

  it('keeps share links on the app: odd codes redirect to /share, never elsewhere', async () => {
    const codes = ['%2e%2e', '..%2f..%2fapi%2faccount', '%00', '%2F%2Fevil.example', 'abc%3Bx', '%E2%80%AE'];
    for (const code of codes) {
      const answer = await rawGet(port, `/r/${code}`, {});
      expect(answer.status, code).toBe(302);
      expect(answer.location, code).toMatch(/^\/share(\?code=[A-Z0-9%]*)?$/);
    }
  });

  it('reads the leading segment as a lenient server would', () => {
    for (const url of [
      '/%61pi/x',
      '//api',
      '/API/x',
      '/./api',
      '/x/../api',
      '/api;a=1/x',
      '/%2561pi',
      '\\api',
    ]) {
      expect(leadingSegment(url), url).toBe('api');
    }
    expect(leadingSegment('http://host/ops/audit?x')).toBe('ops');
    expect(isAppPagePath('/funds/deposit?asset_id=1')).toBe(true);
    for (const url of ['/ws', '/Ops/x', '/%61pi', '/a/../api', '/a//b', '/a;b', '/a.js']) {
      expect(isAppPagePath(url), url).toBe(false);
    }
  });
});
