import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { DatabaseTarget } from '../../db/database.ts';
import { auditClean, deposit } from '../../testing/funds.ts';
import { registerVerifiedUser } from '../../testing/identity.ts';
import { createOperator } from '../../testing/operators.ts';
import { createTestApp, databasesUnderTest, TEST_API_KEY, type TestApp } from '../../testing/test-app.ts';
import { fundedUser, marketIdOf, place } from '../../testing/trading.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A user's KYC submission made through the user API: two images uploaded, then the form. */
async function submitKyc(t: TestApp) {
  const user = await registerVerifiedUser(t);
  const upload = async () => {
    const boundary = `----fit24${randomBytes(6).toString('hex')}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="id.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/file/upload',
      headers: {
        'x-api-key': TEST_API_KEY,
        authorization: `Bearer ${user.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });
    return answer.json().data.file.file_id as number;
  };
  const front = await upload();
  const selfie = await upload();
  const submitted = await t.api('POST', '/api/account/create', {
    token: user.token,
    body: {
      first_name: 'Ada',
      last_name: 'Lovelace',
      date_of_birth: '1990-12-10',
      address: '1 Main Street',
      city: 'London',
      postal_code: 'N1 9GU',
      country_code: 'GB',
      id_type: 'PASSPORT',
      id_number: 'X1234567',
      id_front_file_id: front,
      selfie_file_id: selfie,
    },
  });
  expect(submitted.status, submitted.body.message).toBe(200);
  return { user, front, selfie };
}

describe.each(databasesUnderTest())('the operators’ console on $name', (database) => {
  it('finds users, shows one whole, and ends their sessions', async () => {
    const t = await createTestApp(database);
    try {
      const user = await registerVerifiedUser(t, { name: 'Grace Hopper' });
      await deposit(t, user.email, 'USDT', '250');
      const found = (await t.ops('GET', `/ops/users?q=${encodeURIComponent('grace')}`)).body.data;
      expect(found.users.map((u: { email_id: string }) => u.email_id)).toEqual([user.email]);
      expect((await t.ops('GET', `/ops/users?q=${user.userId}`)).body.data.total).toBe(1);
      const detail = (await t.ops('GET', `/ops/user?user_id=${user.userId}`)).body.data;
      expect(detail.user).toMatchObject({ email_id: user.email, frozen: false, two_factor: false });
      expect(detail.balances.find((b: { symbol: string }) => b.symbol === 'USDT').available).toBe('250');
      expect(detail.transactions[0]).toMatchObject({ type: 'DEPOSIT', symbol: 'USDT', amount: '250' });
      expect(detail.sessions[0]).toMatchObject({ active: true });
      const revoked = await t.ops('POST', '/ops/users/sessions/revoke', { user_id: user.userId });
      expect(revoked.body.data.revoked).toBeGreaterThan(0);
      expect((await t.api('GET', '/api/account', { token: user.token })).status).toBe(401);
      const dashboard = (await t.ops('GET', '/ops/dashboard')).body.data.dashboard;
      expect(dashboard).toMatchObject({ users_total: expect.any(Number), custody: null, last_audit: null });
      await t.ops('GET', '/ops/audit');
      expect((await t.ops('GET', '/ops/dashboard')).body.data.dashboard.last_audit).toMatchObject({
        ok: true,
      });
    } finally {
      await t.close();
    }
  });

  it('shows KYC documents to compliance only, never cached, and only documents of a submission', async () => {
    const t = await createTestApp(database);
    try {
      const { user, front } = await submitKyc(t);
      const compliance = await createOperator(t.ctx, 'compliance');
      const support = await createOperator(t.ctx, 'support');
      const queue = (await t.opsAs({ token: compliance.token }, 'GET', '/ops/kyc?status=PENDING')).body.data;
      expect(queue.submissions[0]).toMatchObject({
        email_id: user.email,
        status: 'PENDING',
        id_number: 'X1234567',
      });
      expect(queue.submissions[0].files.map((f: { role: string }) => f.role)).toEqual(['id_front', 'selfie']);
      const file = await t.app.inject({
        method: 'GET',
        url: `/ops/kyc/file?file_id=${front}`,
        headers: { authorization: `Bearer ${compliance.token}` },
      });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.headers['cache-control']).toBe('no-store');
      expect(file.rawPayload.equals(PNG)).toBe(true);
      const refused = await t.app.inject({
        method: 'GET',
        url: `/ops/kyc/file?file_id=${front}`,
        headers: { authorization: `Bearer ${support.token}` },
      });
      expect(refused.statusCode).toBe(403);
      const nobody = await t.app.inject({ method: 'GET', url: `/ops/kyc/file?file_id=${front}` });
      expect(nobody.statusCode).toBe(401);
      const odd = await t.app.inject({
        method: 'GET',
        url: '/ops/kyc/file?file_id=9999999',
        headers: { authorization: `Bearer ${compliance.token}` },
      });
      expect(odd.statusCode).toBe(404);
      const views = (await t.ops('GET', `/ops/trail?action=ops.kycFile&target=file_id:${front}`)).body.data
        .entries;
      expect(
        views.map((v: { outcome: string; operator_email: string }) => [v.outcome, v.operator_email]),
      ).toEqual([
        ['refused', null],
        ['refused', support.email],
        ['done', compliance.email],
      ]);
    } finally {
      await t.close();
    }
  });

  it('adds an asset and a market at runtime: the market trades at once; a fee change holds from the next order', async () => {
    const t = await createTestApp(database);
    try {
      const asset = await t.ops('POST', '/ops/assets', {
        symbol: 'SOL',
        name: 'Solana',
        decimals: 8,
        network: 'solana',
        withdraw_fee: '0.01',
        min_withdraw: '0.1',
        min_deposit: '0.01',
        confirmations: 32,
        deposit_enabled: true,
        withdraw_enabled: false,
      });
      expect(asset.body.data.asset).toMatchObject({
        symbol: 'SOL',
        withdraw_enabled: 0,
        unavailable_reason: expect.any(String),
      });
      const {
        asset_id: _id,
        unavailable_reason: _r,
        contract_address: _c,
        chain_decimals: _d,
        ...sol
      } = asset.body.data.asset;
      const changed = await t.ops('POST', '/ops/assets', {
        ...sol,
        deposit_enabled: true,
        withdraw_enabled: true,
        decimals: 6,
      });
      expect(changed.status).toBe(422);
      const market = await t.ops('POST', '/ops/markets', {
        base: 'FIT24',
        quote: 'BTC',
        price_decimals: 8,
        amount_decimals: 0,
        min_amount: '1',
        min_total: '0.00001',
        maker_fee: '0.001',
        taker_fee: '0.002',
        price: '0.00001',
      });
      expect(market.status, market.body.message).toBe(200);
      expect(market.body.data.market).toMatchObject({
        symbol: 'FIT24/BTC',
        last_price: '0.00001',
        status: 'OPEN',
      });
      const id = await marketIdOf(t, 'FIT24/BTC');
      const seller = await fundedUser(t, { FIT24: '100' });
      const buyer = await fundedUser(t, { BTC: '1' });
      await place(t, seller, { market_id: id, side: 'SELL', type: 'LIMIT', price: '0.00002', amount: '20' });
      const bought = await place(t, buyer, {
        market_id: id,
        side: 'BUY',
        type: 'LIMIT',
        price: '0.00002',
        amount: '10',
      });
      expect(bought).toMatchObject({ status: 'FILLED', filled: '10' });
      expect(await auditClean(t)).toEqual({ ok: true, failed: [] });
      const fee = await t.ops('POST', '/ops/markets/update', { symbol: 'FIT24/BTC', taker_fee: '0.01' });
      expect(fee.body.data.market.taker_fee).toBe('0.01');
      expect(t.ctx.engine.worker(id).market.takerFeePpm).toBe(10_000n);
      const trail = (await t.ops('GET', '/ops/trail?action=ops.marketUpdate')).body.data.entries[0];
      expect(trail.detail).toMatchObject({ before: { taker_fee: '0.002' }, after: { taker_fee: '0.01' } });
    } finally {
      await t.close();
    }
  });
});

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('a market added in one process', () => {
  it('trades at once in the other process too', async () => {
    const target: DatabaseTarget = {
      kind: 'postgres',
      url: url!,
      schema: `test_${randomBytes(6).toString('hex')}`,
    };
    const first = await createTestApp({ name: 'postgres', target: () => target });
    const second = await createTestApp({
      name: 'postgres',
      target: () => ({ ...target, dropSchemaOnClose: true }),
    });
    try {
      const added = await first.ops('POST', '/ops/markets', {
        base: 'FIT24',
        quote: 'BTC',
        price_decimals: 8,
        amount_decimals: 0,
        min_amount: '1',
        min_total: '0.00001',
        maker_fee: '0',
        taker_fee: '0',
        price: '0.00001',
      });
      expect(added.status, added.body.message).toBe(200);
      const id = added.body.data.market.market_id as number;
      const deadline = Date.now() + 10_000;
      while (!second.ctx.engine.workers().some((w) => w.market.marketId === id) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      const seller = await fundedUser(first, { FIT24: '100' });
      const buyer = await fundedUser(first, { BTC: '1' });
      await place(second, seller, {
        market_id: id,
        side: 'SELL',
        type: 'LIMIT',
        price: '0.00002',
        amount: '10',
      });
      const bought = await place(second, buyer, {
        market_id: id,
        side: 'BUY',
        type: 'LIMIT',
        price: '0.00002',
        amount: '10',
      });
      expect(bought).toMatchObject({ status: 'FILLED', filled: '10' });
    } finally {
      await second.close();
      await first.close();
    }
  });
});
