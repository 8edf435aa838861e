import { routeList } from '@fit24/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from './app.ts';
import { defineHandlers, mergeHandlers } from './http/contract-routes.ts';
import { createUserWithSession } from './testing/fixtures.ts';
import { createTestApp, databasesUnderTest, TEST_API_KEY, type TestApp } from './testing/test-app.ts';

describe.each(databasesUnderTest())('server core on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('public calls', () => {
    it('answers the version with the envelope', async () => {
      const { status, body } = await t.api('GET', '/api/version');
      expect(status).toBe(200);
      expect(body).toMatchObject({ error: false, data: { version: '1.0.5', code: 10005 } });
      for (const platform of ['ios', 'android', 'web']) {
        expect(body.data[platform]).toMatchObject({ version: '1.0.5', code: 10005 });
      }
    });

    it('lists the 249 ISO 3166 countries with dial codes, sorted by name', async () => {
      const { body } = await t.api('GET', '/api/country/list');
      const countries = body.data.countries as Array<{ code: string; name: string; dial_code: string }>;
      expect(countries).toHaveLength(249);
      expect(countries.find((c) => c.code === 'GB')).toMatchObject({
        name: 'United Kingdom',
        dial_code: '+44',
      });
      expect(countries.find((c) => c.code === 'IN')).toMatchObject({ dial_code: '+91' });
      expect(countries.find((c) => c.code === 'US')).toMatchObject({ dial_code: '+1' });
      const names = countries.map((c) => c.name);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    });
  });

  describe('API key', () => {
    it('refuses a call without a key with 403', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/version' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: true, code: 403 });
      expect(response.json().message).toMatch(/API key/);
    });

    it('refuses an unknown key with 403, also on signed-in calls', async () => {
      const { status, body } = await t.api('GET', '/api/account', {
        headers: { 'x-api-key': 'wrong-key-0123456789' },
      });
      expect(status).toBe(403);
      expect(body.code).toBe(403);
    });
  });

  describe('bearer token', () => {
    const sessionInvalid = { error: true, code: 502 };

    it('answers HTTP 401 with code 502 for a missing token', async () => {
      const { status, body } = await t.api('GET', '/api/account');
      expect(status).toBe(401);
      expect(body).toMatchObject(sessionInvalid);
    });

    it('answers 502 for an unknown token and a malformed header', async () => {
      expect((await t.api('GET', '/api/account', { token: 'not-a-token' })).body).toMatchObject(
        sessionInvalid,
      );
      const malformed = await t.api('GET', '/api/account', { headers: { authorization: 'Basic abc' } });
      expect(malformed.status).toBe(401);
      expect(malformed.body).toMatchObject(sessionInvalid);
    });

    it('accepts a live token and answers the account', async () => {
      const { token, user } = await createUserWithSession(t.ctx);
      const { status, body } = await t.api('GET', '/api/account', { token });
      expect(status).toBe(200);
      expect(body.data.account).toMatchObject({
        user_id: user.user_id,
        email_id: user.email_id,
        is_email_verified: 1,
      });
    });

    it('answers 502 for a revoked token: signout revokes it', async () => {
      const { token } = await createUserWithSession(t.ctx);
      const out = await t.api('POST', '/api/auth/signout', { token });
      expect(out).toMatchObject({ status: 200, body: { error: false, data: {} } });
      const after = await t.api('GET', '/api/account', { token });
      expect(after.status).toBe(401);
      expect(after.body).toMatchObject(sessionInvalid);
    });

    it('answers 502 once a token is past its 30 days, and slides the expiry with use', async () => {
      const idle = await createUserWithSession(t.ctx);
      const active = await createUserWithSession(t.ctx);
      t.ctx.clock.advance(20 * 86_400);
      expect((await t.api('GET', '/api/account', { token: active.token })).status).toBe(200);
      t.ctx.clock.advance(11 * 86_400);
      expect((await t.api('GET', '/api/account', { token: idle.token })).body).toMatchObject(sessionInvalid);
      expect((await t.api('GET', '/api/account', { token: active.token })).status).toBe(200);
    });

    it('lets an unverified user reach only the calls for unverified users (403 otherwise)', async () => {
      const { token } = await createUserWithSession(t.ctx, { emailVerified: false });
      expect((await t.api('GET', '/api/account', { token })).status).toBe(200);
      const refused = await t.api('GET', '/api/asset/balances', { token });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toMatch(/verify your email/i);
    });
  });

  describe('bad input', () => {
    let token: string;
    beforeAll(async () => {
      ({ token } = await createUserWithSession(t.ctx));
    });

    it('answers malformed JSON with 400', async () => {
      const { status, body } = await t.api('POST', '/api/auth/signout', {
        token,
        payload: '{"a":',
        headers: { 'content-type': 'application/json' },
      });
      expect(status).toBe(400);
      expect(body).toMatchObject({ error: true, code: 400, message: 'The request body is not valid JSON.' });
    });

    it('answers unknown body fields with 400 naming them', async () => {
      const { status, body } = await t.api('POST', '/api/auth/signout', { token, body: { surprise: 1 } });
      expect(status).toBe(400);
      expect(body.fields).toEqual({ surprise: 'is not a known field' });
    });

    it('answers wrong types and unknown fields in a body with 400 and fields', async () => {
      const wrongType = await t.ops('POST', '/ops/clock', { advance_seconds: 'soon' });
      expect(wrongType.status).toBe(400);
      expect(wrongType.body.fields).toEqual({ advance_seconds: 'must be a number' });
      const missing = await t.ops('POST', '/ops/clock', {});
      expect(missing.body.fields).toEqual({ advance_seconds: 'is required' });
      const extra = await t.ops('POST', '/ops/clock', { advance_seconds: 1, when: 'now' });
      expect(extra.body.fields).toEqual({ when: 'is not a known field' });
    });

    it('answers wrong query values with 400 and fields', async () => {
      const { status, body } = await t.api('GET', '/api/asset?asset_id=abc', { token });
      expect(status).toBe(400);
      expect(body.fields).toEqual({ asset_id: 'must be a positive whole number' });
      const repeated = await t.api('GET', '/api/asset?asset_id=1&asset_id=2', { token });
      expect(repeated.status).toBe(400);
      const unknown = await t.api('GET', '/api/version?debug=1');
      expect(unknown.body.fields).toEqual({ debug: 'is not a known field' });
    });

    it('answers an oversize body with 400', async () => {
      const { status, body } = await t.api('POST', '/api/auth/signout', {
        token,
        payload: JSON.stringify({ pad: 'x'.repeat(BODY_LIMIT_BYTES) }),
        headers: { 'content-type': 'application/json' },
      });
      expect(status).toBe(400);
      expect(body.message).toMatch(/too large/);
    });

    it('answers a body that is not JSON with 400', async () => {
      const { status, body } = await t.api('POST', '/api/auth/signout', {
        token,
        payload: 'a=1',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(status).toBe(400);
      expect(body.message).toMatch(/JSON/);
    });

    it('accepts an empty body labelled JSON (signout has an empty body)', async () => {
      const { token: other } = await createUserWithSession(t.ctx);
      const { status } = await t.api('POST', '/api/auth/signout', {
        token: other,
        payload: '',
        headers: { 'content-type': 'application/json' },
      });
      expect(status).toBe(200);
    });

    it('answers an unknown path with a 404 envelope', async () => {
      const { status, body } = await t.api('GET', '/api/nothing/here');
      expect(status).toBe(404);
      expect(body).toMatchObject({ error: true, code: 404 });
    });

    it('never answers 500, whatever is sent to any route', async () => {
      const garbage: unknown[] = [
        null,
        0,
        -1,
        1e308,
        'x',
        [],
        [1, 2],
        { a: { b: [] } },
        true,
        { amount: '1e9999' },
      ];
      const queries = ['', '?page=0', '?asset_id=-1', '?market_id=1.5', '?status=NOPE', '?x[y]=1', '?%ZZ'];
      for (const def of routeList) {
        const headers: Record<string, string> = {
          'x-api-key': TEST_API_KEY,
          authorization: `Bearer ${token}`,
        };
        if (def.auth === 'ops') headers['x-ops-key'] = 'test-ops-key-0123456789';
        for (const query of queries) {
          const response = await t.app.inject({ method: def.method, url: `${def.path}${query}`, headers });
          expect(response.statusCode, `${def.method} ${def.path}${query}`).not.toBe(500);
          expect(response.json().error, `${def.path}${query}`).toBeTypeOf('boolean');
        }
        if (def.method !== 'POST') continue;
        for (const payload of garbage) {
          const response = await t.app.inject({
            method: 'POST',
            url: def.path,
            headers: { ...headers, 'content-type': 'application/json' },
            payload: JSON.stringify(payload),
          });
          expect(response.statusCode, `${def.path} ${JSON.stringify(payload)}`).not.toBe(500);
        }
      }
    });
  });

  describe('documentation and health', () => {
    it('serves an OpenAPI document listing every spec path', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(response.statusCode).toBe(200);
      const document = response.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
      expect(document.openapi).toBe('3.1.0');
      for (const def of routeList) {
        expect(document.paths[def.path]?.[def.method.toLowerCase()], def.path).toBeDefined();
      }
      expect(routeList.filter((r) => r.spec)).toHaveLength(61);
      const version = document.paths['/api/version']!.get as { responses: Record<string, unknown> };
      expect(JSON.stringify(version.responses['200'])).toContain('min_code');
    });

    it('serves a readable documentation page', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('/api/affiliate/wallet/claim');
      expect(response.body).toContain('FIT24 Exchange API');
    });

    it('answers /healthz after checking the database', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(response.json()).toEqual({ ok: true });
    });

    it('checks the API key, then the session, on the route itself, before its handler', async () => {
      const call = (token?: string, apiKey = TEST_API_KEY) =>
        t.app.inject({
          method: 'GET',
          url: '/api/market/list',
          headers: { 'x-api-key': apiKey, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        });
      expect((await call(undefined, '')).statusCode).toBe(403);
      expect((await call()).statusCode).toBe(401);
      const { token } = await createUserWithSession(t.ctx);
      expect((await call(token)).statusCode).toBe(200);
    });

    it('refuses to merge two handlers for one route instead of letting the last win', () => {
      const one = defineHandlers({ 'system.version': () => ({ min_code: 1, latest_code: 1 }) as never });
      const other = defineHandlers({ 'system.version': () => ({ min_code: 2, latest_code: 2 }) as never });
      expect(() => mergeHandlers(one, other)).toThrow('Route system.version has two handlers.');
      expect(Object.keys(mergeHandlers(one))).toEqual(['system.version']);
    });
  });
});
