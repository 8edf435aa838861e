import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditClean, balance } from '../testing/funds.ts';
import { createTestApp, databasesUnderTest, type TestApp } from '../testing/test-app.ts';
import { DEMO_USER, ensureDemo } from './demo.ts';

describe('the demo on a fresh start', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(databasesUnderTest()[0]!, { demo: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates a demo user who can sign in and holds balances, with the ledger clean', async () => {
    const signin = await t.api('POST', '/api/auth/signin', {
      body: { email_id: DEMO_USER.email, password: DEMO_USER.password },
    });
    expect(signin.status).toBe(200);
    const token = signin.body.data.token;
    expect(await balance(t, token, 'USDT')).toMatchObject({ available: '25000' });
    expect(await balance(t, token, 'BTC')).toMatchObject({ available: '0.5' });
    expect((await t.api('GET', '/api/affiliate', { token })).status).toBe(200);
    expect(await auditClean(t)).toEqual({ ok: true, failed: [] });
  });

  it('creates it once: a second start leaves it as it is', async () => {
    await ensureDemo(t.ctx);
    const users = await t.ctx.db
      .selectFrom('users')
      .select('user_id')
      .where('email', '=', DEMO_USER.email)
      .execute();
    expect(users).toHaveLength(1);
    expect(await auditClean(t)).toEqual({ ok: true, failed: [] });
  });
});
