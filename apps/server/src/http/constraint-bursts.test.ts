import { composeIBAN } from 'ibantools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deposit } from '../testing/funds.ts';
import { freshEmail, freshMobile, GOOD_PASSWORD, registerVerifiedUser } from '../testing/identity.ts';
import { createTestApp, databasesUnderTest, type TestApp } from '../testing/test-app.ts';

/**
 * Unique rules under parallel load: requests that pass a service's own "does it exist?" check together
 * meet the database's constraint, which must answer the caller's 4xx (one 200, the rest 409), never 500.
 */

const BURST = 30;

async function statuses(requests: Array<Promise<{ status: number }>>): Promise<Record<number, number>> {
  const answers = await Promise.all(requests);
  const counts: Record<number, number> = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

describe.each(databasesUnderTest())('unique rules under a burst ($name)', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database);
  });
  afterAll(async () => {
    await t.close();
  });

  it('joins the affiliate programme once: 200, then 409', async () => {
    const user = await registerVerifiedUser(t);
    const counts = await statuses(
      Array.from({ length: BURST }, () =>
        t.api('POST', '/api/affiliate/register', { token: user.token, body: {} }),
      ),
    );
    expect(counts).toEqual({ 200: 1, 409: BURST - 1 });
  });

  it('registers an email once: 200, then 409', async () => {
    const email = freshEmail('race');
    const counts = await statuses(
      Array.from({ length: BURST }, (_, i) =>
        t.api('POST', '/api/auth/register', {
          ip: `203.0.113.${i + 1}`,
          body: {
            name: 'Ada Lovelace',
            email_id: email,
            password: GOOD_PASSWORD,
            mobile: freshMobile(),
            country_code: 'GB',
            accept_terms: true,
          },
        }),
      ),
    );
    expect(counts).toEqual({ 200: 1, 409: BURST - 1 });
  });

  it('adds a bank account once: 200, then 409', async () => {
    const user = await registerVerifiedUser(t);
    const body = {
      account_holder: 'Ada Lovelace',
      bank_name: 'Commerzbank',
      account_number: 'DE89370400440532013000',
      swift_code: 'COBADEFFXXX',
      country_code: 'DE',
    };
    const counts = await statuses(
      Array.from({ length: BURST }, () => t.api('POST', '/api/bank/create', { token: user.token, body })),
    );
    expect(counts).toEqual({ 200: 1, 409: BURST - 1 });
  });

  it('keeps the 10 bank accounts under a burst of 30 different ones: 10 added, the rest 422', async () => {
    const user = await registerVerifiedUser(t);
    const counts = await statuses(
      Array.from({ length: BURST }, (_, i) =>
        t.api('POST', '/api/bank/create', {
          token: user.token,
          body: {
            account_holder: 'Ada Lovelace',
            bank_name: 'Commerzbank',
            account_number: composeIBAN({
              countryCode: 'DE',
              bban: `37040044${String(i).padStart(10, '0')}`,
            }),
            swift_code: 'COBADEFFXXX',
            country_code: 'DE',
          },
        }),
      ),
    );
    expect(counts).toEqual({ 200: 10, 422: BURST - 10 });
    const rows = await t.ctx.db
      .selectFrom('banks')
      .select('bank_id')
      .where('user_id', '=', BigInt(user.userId))
      .execute();
    expect(rows).toHaveLength(10);
  });

  it('makes one deposit address, whoever asks first', async () => {
    const user = await registerVerifiedUser(t);
    const usdt = await t.ctx.db
      .selectFrom('assets')
      .select('asset_id')
      .where('symbol', '=', 'USDT')
      .executeTakeFirstOrThrow();
    const answers = await Promise.all(
      Array.from({ length: BURST }, () =>
        t.api('GET', `/api/asset/wallet?asset_id=${usdt.asset_id}`, { token: user.token }),
      ),
    );
    expect(answers.filter((a) => a.status !== 200).map((a) => a.body)).toEqual([]);
    expect(new Set(answers.map((a) => a.body.data.wallet.address)).size).toBe(1);
  });

  it('toggles a watchlist star, and adds price alerts, with no 500', async () => {
    const user = await registerVerifiedUser(t);
    const market = await t.ctx.db.selectFrom('markets').select('market_id').executeTakeFirstOrThrow();
    const toggles = await statuses(
      Array.from({ length: BURST }, () =>
        t.api('POST', '/api/market/watchlist', { token: user.token, body: { market_id: market.market_id } }),
      ),
    );
    expect(toggles).toEqual({ 200: BURST });
    const alerts = await statuses(
      Array.from({ length: BURST }, () =>
        t.api('POST', '/api/alert/create', {
          token: user.token,
          body: { market_id: market.market_id, condition: 'ABOVE', price: '100000' },
        }),
      ),
    );
    expect(alerts).toEqual({ 200: BURST });
  });

  it('keeps the 50 active price alerts under a burst of 70: 50 made, the rest 422', async () => {
    const user = await registerVerifiedUser(t);
    const market = await t.ctx.db.selectFrom('markets').select('market_id').executeTakeFirstOrThrow();
    const counts = await statuses(
      Array.from({ length: 70 }, () =>
        t.api('POST', '/api/alert/create', {
          token: user.token,
          body: { market_id: market.market_id, condition: 'ABOVE', price: '100000' },
        }),
      ),
    );
    expect(counts).toEqual({ 200: 50, 422: 20 });
    const rows = await t.ctx.db
      .selectFrom('alerts')
      .select('alert_id')
      .where('user_id', '=', BigInt(user.userId))
      .where('status', '=', 'ACTIVE')
      .execute();
    expect(rows).toHaveLength(50);
  });

  it('stakes in parallel without 500: what the balance allows, then 422', async () => {
    const user = await registerVerifiedUser(t);
    await deposit(t, user.email, 'FIT24', '100');
    expect((await t.api('POST', '/api/affiliate/register', { token: user.token, body: {} })).status).toBe(
      200,
    );
    const counts = await statuses(
      Array.from({ length: BURST }, () =>
        t.api('POST', '/api/stakings/add', { token: user.token, body: { amount: '10' } }),
      ),
    );
    expect(counts).toEqual({ 200: 10, 422: BURST - 10 });
  });
});
