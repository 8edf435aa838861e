import { mayDo, OPERATOR_ROLES, routeList } from '@fit24/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, auditClean, createTrader, deposit } from '../../testing/funds.ts';
import { createOperator, type TestOperator } from '../../testing/operators.ts';
import { createTestApp, databasesUnderTest, type TestApp } from '../../testing/test-app.ts';
import * as totp from '../security/totp.ts';

describe.each(databasesUnderTest())('operators with names on $name', (database) => {
  let t: TestApp;
  const roles = {} as Record<(typeof OPERATOR_ROLES)[number], TestOperator>;
  beforeAll(async () => {
    t = await createTestApp(database, { withdrawLimitsUsd: { UNVERIFIED: '1000000', VERIFIED: '1000000' } });
    for (const role of OPERATOR_ROLES) roles[role] = await createOperator(t.ctx, role);
  });
  afterAll(async () => {
    await t?.close();
  });

  const code = (secret: string, offset = 0) => totp.codeAt(secret, t.ctx.clock.nowSeconds() + offset);

  it('creates the first admin with the operator key only while no admin exists', async () => {
    const fresh = await createTestApp(database);
    try {
      // The test app has its admin: the key is refused, the admin is not.
      const refused = await fresh.opsAs({ opsKey: true }, 'POST', '/ops/operators', {
        email: 'second@ops.example.com',
        name: 'Second',
        role: 'admin',
      });
      expect(refused.status).toBe(403);
      await sql`update operators set disabled_at = now()`.execute(fresh.ctx.db);
      const first = await fresh.opsAs({ opsKey: true }, 'POST', '/ops/operators', {
        email: 'First@Ops.example.com',
        name: 'First Admin',
        role: 'admin',
      });
      expect(first.status).toBe(200);
      expect(first.body.data.operator).toMatchObject({
        email: 'first@ops.example.com',
        role: 'admin',
        totp_enrolled: false,
      });
      expect(first.body.data.password).toMatch(/^.{16}$/);
      const again = await fresh.opsAs({ opsKey: true }, 'POST', '/ops/operators', {
        email: 'third@ops.example.com',
        name: 'Third',
        role: 'admin',
      });
      expect(again.status).toBe(403);
    } finally {
      await fresh.close();
    }
  });

  it('signs in with the password, enrols the authenticator with its first code, then asks a code every time', async () => {
    const created = await t.ops('POST', '/ops/operators', {
      email: 'ada@ops.example.com',
      name: 'Ada',
      role: 'compliance',
      password: 'correct-horse-battery',
    });
    expect(created.body.data.password).toBeNull();
    const wrong = await t.api('POST', '/ops/auth/signin', {
      body: { email: 'ada@ops.example.com', password: 'nope' },
    });
    expect(wrong.status).toBe(401);
    const first = await t.api('POST', '/ops/auth/signin', {
      body: { email: 'ada@ops.example.com', password: 'correct-horse-battery' },
    });
    expect(first.status).toBe(200);
    const { secret, otpauth_url } = first.body.data.totp_setup;
    expect(otpauth_url).toContain('otpauth://totp/');
    const bad = await t.api('POST', '/ops/auth/totp', {
      body: { challenge: first.body.data.challenge, code: '000000' },
    });
    expect(bad.status).toBe(401);
    const session = await t.api('POST', '/ops/auth/totp', {
      body: { challenge: first.body.data.challenge, code: code(secret) },
    });
    expect(session.status).toBe(200);
    expect(session.body.data).toMatchObject({
      operator: { email: 'ada@ops.example.com', role: 'compliance', totp_enrolled: true },
      expires_in: 8 * 3600,
    });
    const token = session.body.data.token as string;
    const me = await t.opsAs({ token }, 'GET', '/ops/me');
    expect(me.body.data.permissions).toEqual(['kyc', 'freeze', 'users', 'trail', 'audit']);
    // The challenge signs in once; the next sign-in asks for a code, with no new secret.
    const reuse = await t.api('POST', '/ops/auth/totp', {
      body: { challenge: first.body.data.challenge, code: code(secret, 30) },
    });
    expect(reuse.status).toBe(401);
    const second = await t.api('POST', '/ops/auth/signin', {
      body: { email: 'ada@ops.example.com', password: 'correct-horse-battery' },
    });
    expect(second.body.data.totp_setup).toBeNull();
    // Thirty idle minutes end a session; signing out ends it at once.
    t.ctx.clock.advance(31 * 60);
    expect((await t.opsAs({ token }, 'GET', '/ops/me')).status).toBe(401);
  });

  it('accepts 30 parallel guesses of an operator password at most five times', async () => {
    await createOperator(t.ctx, 'finance', 'guessed@ops.example.com');
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.api('POST', '/ops/auth/signin', {
          body: { email: 'guessed@ops.example.com', password: `wrong-${i}` },
          ip: `10.9.0.${i}`,
        }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
  });

  it('refuses every operator call to a role without its permission (403), and to no one (401)', async () => {
    const opsRoutes = routeList.filter((r) => r.auth === 'ops' && r.permission !== 'self');
    expect(opsRoutes.length).toBeGreaterThan(25);
    for (const route of opsRoutes) {
      for (const role of OPERATOR_ROLES) {
        if (mayDo(role, route.permission as Parameters<typeof mayDo>[1])) continue;
        const answer = await t.opsAs(
          { token: roles[role].token },
          route.method,
          route.path,
          route.method === 'POST' ? {} : undefined,
        );
        expect({ route: route.id, role, status: answer.status }).toEqual({
          route: route.id,
          role,
          status: 403,
        });
      }
      const nobody = await t.api(route.method, route.path, route.method === 'POST' ? { body: {} } : {});
      expect({ route: route.id, status: nobody.status }).toEqual({ route: route.id, status: 401 });
    }
  });

  it('writes every call and every refusal in the trail, with names, and never the secrets', async () => {
    const finance = roles.finance;
    await t.opsAs({ token: finance.token }, 'GET', '/ops/withdrawals');
    await t.opsAs({ token: roles.market.token }, 'GET', '/ops/withdrawals');
    const entries = (await t.ops('GET', '/ops/trail?action=ops.withdrawals')).body.data.entries;
    expect(entries[0]).toMatchObject({
      operator_email: roles.market.email,
      outcome: 'refused',
      detail: { error: { status: 403 } },
    });
    expect(entries[1]).toMatchObject({ operator_email: finance.email, outcome: 'done' });
    const signins = (await t.ops('GET', '/ops/trail?action=ops.signin&target=email:ada@ops.example.com')).body
      .data.entries;
    expect(
      signins.some(
        (e: { outcome: string; operator_email: string }) =>
          e.outcome === 'refused' && e.operator_email === 'ada@ops.example.com',
      ),
    ).toBe(true);
    const text = JSON.stringify(signins);
    expect(text).not.toContain('correct-horse-battery');
    expect(text).toContain('[redacted]');
    // A change keeps what it made; the secrets in an answer (a first password, a token) are not kept.
    const created = (await t.ops('GET', '/ops/trail?action=ops.operatorCreate')).body.data.entries;
    expect(created.at(-1).detail.after).toMatchObject({ email: 'ada@ops.example.com', role: 'compliance' });
    const token = await t.opsAs({ token: roles.support.token }, 'POST', '/ops/tokens', { name: 'bot' });
    const made = (await t.ops('GET', '/ops/trail?action=ops.tokenCreate')).body.data.entries[0];
    expect(made.detail.after).toMatchObject({ name: 'bot', token: '[redacted]' });
    expect(JSON.stringify(made)).not.toContain(token.body.data.token);
  });

  it('needs two operators for a large withdrawal; the same one twice and the owner are refused', async () => {
    const user = await createTrader(t);
    await deposit(t, user.email, 'USDT', '50000');
    const owner = await createOperator(t.ctx, 'finance', user.email);
    const asked = await t.api('POST', '/api/asset/withdraw', {
      token: user.token,
      body: { asset_id: 3, address: addresses.ethereum, amount: '20000', txn_password: user.txnPassword },
    });
    expect(asked.status, asked.body.message).toBe(200);
    const id = asked.body.data.withdrawal.id as number;
    const own = await t.opsAs({ token: owner.token }, 'POST', '/ops/withdrawals/approve', {
      withdrawal_id: id,
    });
    expect(own.status).toBe(403);
    const first = await t.opsAs({ token: roles.finance.token }, 'POST', '/ops/withdrawals/approve', {
      withdrawal_id: id,
    });
    expect(first.body.data.withdrawal).toMatchObject({
      status: 'PENDING',
      approvals_needed: 2,
      usd_value: '20000',
    });
    expect(first.body.data.withdrawal.approvals.map((a: { email: string }) => a.email)).toEqual([
      roles.finance.email,
    ]);
    const twice = await t.opsAs({ token: roles.finance.token }, 'POST', '/ops/withdrawals/approve', {
      withdrawal_id: id,
    });
    expect(twice.status).toBe(409);
    const second = await t.opsAs({ token: roles.admin.token }, 'POST', '/ops/withdrawals/approve', {
      withdrawal_id: id,
    });
    expect(second.body.data.withdrawal).toMatchObject({ status: 'BROADCAST' });
    expect(second.body.data.withdrawal.approvals).toHaveLength(2);
  });

  it('signs in once from 30 parallel uses of one challenge and its right code', async () => {
    const operator = await createOperator(t.ctx, 'support');
    const first = await t.api('POST', '/ops/auth/signin', {
      body: { email: operator.email, password: operator.password },
    });
    const right = code(operator.totpSecret);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        t.api('POST', '/ops/auth/totp', { body: { challenge: first.body.data.challenge, code: right } }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 401 || a.status === 429)).toBe(
      true,
    );
  });

  it('keeps four eyes under 40 parallel approvals by two operators: two approvals, one send', async () => {
    const user = await createTrader(t);
    await deposit(t, user.email, 'USDT', '30000');
    const asked = await t.api('POST', '/api/asset/withdraw', {
      token: user.token,
      body: { asset_id: 3, address: addresses.ethereum, amount: '15000', txn_password: user.txnPassword },
    });
    const id = asked.body.data.withdrawal.id as number;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.opsAs({ token: (i % 2 ? roles.finance : roles.admin).token }, 'POST', '/ops/withdrawals/approve', {
          withdrawal_id: id,
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    const approvals = await t.ctx.db
      .selectFrom('withdrawal_approvals')
      .selectAll()
      .where('withdrawal_id', '=', BigInt(id))
      .execute();
    expect(approvals).toHaveLength(2);
    const sends = await t.ctx.db
      .selectFrom('journal_entries')
      .selectAll()
      .where('kind', '=', 'WITHDRAWAL_SEND')
      .where('ref_id', '=', BigInt(id))
      .execute();
    expect(sends).toHaveLength(1);
  });

  it('proves the trail unbroken, and finds a row changed behind its back', async () => {
    expect(await auditClean(t)).toEqual({ ok: true, failed: [] });
    const edit = sql`update ops_trail set ip = '203.0.113.66' where entry_id = 3`;
    await expect(edit.execute(t.ctx.db)).rejects.toThrow(/append-only/);
    await sql`alter table ops_trail disable trigger ops_trail_no_change`.execute(t.ctx.db);
    await edit.execute(t.ctx.db);
    await sql`alter table ops_trail enable trigger ops_trail_no_change`.execute(t.ctx.db);
    const audit = await auditClean(t);
    expect(audit.ok).toBe(false);
    expect(audit.failed).toEqual([
      "the operators' trail is unbroken: entry 3 was changed or does not follow the one before",
    ]);
  });
});
