import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RegisteredUser, registerVerifiedUser } from '../../testing/identity.ts';
import { createTestApp, databasesUnderTest, type TestApp } from '../../testing/test-app.ts';
import { usesIban } from './banks.service.ts';

const germanIban = 'DE89 3704 0044 0532 0130 00';

describe('which countries take an IBAN', () => {
  it('follows the IBAN registry', () => {
    expect(usesIban('DE')).toBe(true);
    expect(usesIban('GB')).toBe(true);
    expect(usesIban('US')).toBe(false);
    expect(usesIban('IN')).toBe(false);
  });
});

describe.each(databasesUnderTest())('bank accounts on $name', (database) => {
  let t: TestApp;
  let alice: RegisteredUser;
  let bob: RegisteredUser;
  beforeAll(async () => {
    t = await createTestApp(database);
    alice = await registerVerifiedUser(t);
    bob = await registerVerifiedUser(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const good = {
    account_holder: 'Ada Lovelace',
    bank_name: 'Commerzbank',
    account_number: germanIban,
    swift_code: 'COBADEFFXXX',
    country_code: 'DE',
  };

  it('adds an account with a valid IBAN and lists it masked, only to its owner', async () => {
    const created = await t.api('POST', '/api/bank/create', { token: alice.token, body: good });
    expect(created.status).toBe(200);
    expect(created.body.data.bank).toMatchObject({
      account_holder: 'Ada Lovelace',
      account_number: '•••• 3000',
      swift_code: 'COBADEFFXXX',
      country_code: 'DE',
    });
    const list = await t.api('GET', '/api/bank', { token: alice.token });
    expect(list.body.data.banks).toHaveLength(1);
    expect((await t.api('GET', '/api/bank', { token: bob.token })).body.data.banks).toEqual([]);
    const again = await t.api('POST', '/api/bank/create', { token: alice.token, body: good });
    expect(again.status).toBe(409);
  });

  it('adds a US account without IBAN and an Indian one with IFSC', async () => {
    const us = await t.api('POST', '/api/bank/create', {
      token: bob.token,
      body: {
        account_holder: 'Bob',
        bank_name: 'Chase',
        account_number: '000123456789',
        swift_code: 'CHASUS33',
        country_code: 'US',
      },
    });
    expect(us.status).toBe(200);
    const india = await t.api('POST', '/api/bank/create', {
      token: bob.token,
      body: {
        account_holder: 'Bob',
        bank_name: 'HDFC',
        account_number: '50100012345678',
        ifsc_code: 'hdfc0001234',
        country_code: 'IN',
      },
    });
    expect(india.status).toBe(200);
    expect(india.body.data.bank.ifsc_code).toBe('HDFC0001234');
  });

  it('refuses each bad field with 400 and names it', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ account_number: 'DE89 3704 0044 0532 0130 01' }, 'account_number'],
      [{ account_number: '12345678' }, 'account_number'],
      [{ account_number: 'GB82 WEST 1234 5698 7654 32' }, 'account_number'],
      [{ swift_code: 'COBA' }, 'swift_code'],
      [{ swift_code: 'CHASUS33' }, 'swift_code'],
      [{ country_code: 'IN', account_number: '50100012345678', swift_code: undefined }, 'ifsc_code'],
      [{ ifsc_code: 'HDFC0001234' }, 'ifsc_code'],
      [{ ifsc_code: 'HDFC1001234' }, 'ifsc_code'],
      [{ account_holder: '' }, 'account_holder'],
      [{ country_code: 'XX' }, 'country_code'],
      [{ routing: '1' }, 'routing'],
    ];
    for (const [change, field] of cases) {
      const { status, body } = await t.api('POST', '/api/bank/create', {
        token: alice.token,
        body: { ...good, ...change },
      });
      expect(status, JSON.stringify(change)).toBe(400);
      expect(Object.keys(body.fields ?? {}), JSON.stringify(change)).toContain(field);
    }
  });
});
