import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../testing/fixtures.ts';
import { createTestApp, databasesUnderTest, type TestApp } from '../testing/test-app.ts';

/** The SQLSTATE a statement fails with (null: it ran). */
async function refusal(t: TestApp, statement: RawBuilder<unknown>): Promise<string | null> {
  try {
    await statement.execute(t.ctx.db);
    return null;
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}

const FOREIGN_KEY = '23503';
const RESTRICT = '23001';

// Migration 2026113015: the references of postings and orders are checked once per statement, and the rows
// they refer to are kept (the ledger append-only; accounts, assets and markets never deleted nor re-keyed).
describe.each(databasesUnderTest())('references checked per statement on $name', (database) => {
  let t: TestApp;
  let btc: number;
  let usdt: number;
  let marketId: number;
  let userId: string;
  let btcAccount: string;
  let usdtAccount: string;
  let entryId: string;

  const count = async (table: 'postings' | 'orders') =>
    Number(
      (await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(t.ctx.db)).rows[0]!.n,
    );
  const posting = (entry: string, account: string, asset: number, amount: number) =>
    sql`(${entry}::bigint, ${account}::bigint, ${asset}::int, ${amount}::bigint)`;
  const insertPostings = (...rows: RawBuilder<unknown>[]) =>
    sql`insert into postings (entry_id, account_id, asset_id, amount) values ${sql.join(rows)}`;
  const insertOrder = (market: number, holdAsset: number) =>
    sql`insert into orders (user_id, market_id, side, type, price, amount, time_in_force, status,
        hold_asset_id, hold_remaining, created_at, updated_at)
      values (${userId}::bigint, ${market}::int, 'BUY', 'LIMIT', 100, 1, 'GTC', 'CANCELLED', ${holdAsset}::int,
        0, now(), now())`;

  beforeAll(async () => {
    t = await createTestApp(database);
    const assets = await t.ctx.db.selectFrom('assets').select(['asset_id', 'symbol']).execute();
    btc = assets.find((a) => a.symbol === 'BTC')!.asset_id;
    usdt = assets.find((a) => a.symbol === 'USDT')!.asset_id;
    const market = await t.ctx.db
      .selectFrom('markets')
      .select('market_id')
      .where('base_asset_id', '=', btc)
      .where('quote_asset_id', '=', usdt)
      .executeTakeFirstOrThrow();
    marketId = market.market_id;
    userId = String((await createUserWithSession(t.ctx)).user.user_id);
    const accounts = await sql<{ account_id: string; asset_id: number }>`
      insert into ledger_accounts (system_name, asset_id, kind)
      values ('references-test', ${btc}::int, 'system'), ('references-test', ${usdt}::int, 'system')
      returning account_id::text as account_id, asset_id`.execute(t.ctx.db);
    btcAccount = accounts.rows.find((a) => a.asset_id === btc)!.account_id;
    usdtAccount = accounts.rows.find((a) => a.asset_id === usdt)!.account_id;
    const entry = await sql<{ entry_id: string }>`insert into journal_entries (kind, created_at)
      values ('REFERENCES_TEST', now()) returning entry_id::text as entry_id`.execute(t.ctx.db);
    entryId = entry.rows[0]!.entry_id;
  });
  afterAll(() => t.close());

  it('takes postings that refer to their entry and to an account of their asset', async () => {
    const before = await count('postings');
    expect(
      await refusal(
        t,
        insertPostings(posting(entryId, btcAccount, btc, 5), posting(entryId, btcAccount, btc, -5)),
      ),
    ).toBeNull();
    expect(await count('postings')).toBe(before + 2);
  });

  it('refuses a posting with no entry, no account, or an account of another asset — and the rest of its statement', async () => {
    const before = await count('postings');
    const good = posting(entryId, usdtAccount, usdt, 7);
    expect(await refusal(t, insertPostings(good, posting('999999999', usdtAccount, usdt, -7)))).toBe(
      FOREIGN_KEY,
    );
    expect(await refusal(t, insertPostings(good, posting(entryId, '999999999', usdt, -7)))).toBe(FOREIGN_KEY);
    // The keys this replaces took it: a USDT amount on the BTC account.
    expect(await refusal(t, insertPostings(good, posting(entryId, btcAccount, usdt, -7)))).toBe(FOREIGN_KEY);
    expect(await count('postings')).toBe(before);
  });

  it('refuses an order of no market, or holding an asset that is not its market’s', async () => {
    const before = await count('orders');
    expect(await refusal(t, insertOrder(marketId, usdt))).toBeNull();
    expect(await refusal(t, insertOrder(marketId, btc))).toBeNull();
    expect(await count('orders')).toBe(before + 2);
    const other = await t.ctx.db
      .selectFrom('assets')
      .select('asset_id')
      .where('symbol', '=', 'FIT24')
      .executeTakeFirstOrThrow();
    expect(await refusal(t, insertOrder(marketId, other.asset_id))).toBe(FOREIGN_KEY);
    expect(await refusal(t, insertOrder(999_999, usdt))).toBe(FOREIGN_KEY);
    expect(await count('orders')).toBe(before + 2);
    // Its market and held asset never change afterwards.
    expect(
      await refusal(
        t,
        sql`update orders set hold_asset_id = ${other.asset_id}::int where user_id = ${userId}::bigint`,
      ),
    ).toBe(FOREIGN_KEY);
    expect(
      await refusal(t, sql`update orders set status = 'CANCELLED' where user_id = ${userId}::bigint`),
    ).toBeNull();
  });

  it('keeps the ledger append-only', async () => {
    for (const table of ['postings', 'journal_entries']) {
      expect(
        await refusal(
          t,
          sql`update ${sql.table(table)} set entry_id = entry_id where entry_id = ${entryId}::bigint`,
        ),
      ).toBe(RESTRICT);
      expect(await refusal(t, sql`delete from ${sql.table(table)} where entry_id = ${entryId}::bigint`)).toBe(
        RESTRICT,
      );
      expect(await refusal(t, sql`truncate ${sql.table(table)} cascade`)).toBe(RESTRICT);
    }
    expect(await count('postings')).toBeGreaterThan(0);
  });

  it('never deletes nor re-keys what postings and orders refer to; balances still move', async () => {
    expect(await refusal(t, sql`delete from ledger_accounts where account_id = ${btcAccount}::bigint`)).toBe(
      FOREIGN_KEY,
    );
    expect(
      await refusal(
        t,
        sql`update ledger_accounts set asset_id = ${usdt}::int where account_id = ${btcAccount}::bigint`,
      ),
    ).toBe(FOREIGN_KEY);
    expect(await refusal(t, sql`delete from markets where market_id = ${marketId}::int`)).toBe(FOREIGN_KEY);
    expect(
      await refusal(
        t,
        sql`update markets set quote_asset_id = ${btc}::int where market_id = ${marketId}::int`,
      ),
    ).toBe(FOREIGN_KEY);
    expect(await refusal(t, sql`delete from assets where asset_id = ${btc}::int`)).toBe(FOREIGN_KEY);
    expect(
      await refusal(
        t,
        sql`update ledger_accounts set balance = balance + 1 where account_id = ${btcAccount}::bigint`,
      ),
    ).toBeNull();
  });
});
