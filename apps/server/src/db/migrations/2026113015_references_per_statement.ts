import { type Kysely, sql } from 'kysely';

/**
 * The references of the rows every resting order writes are checked once per statement, not once per row.
 *
 * A foreign key checks each new row with a query of its own (≈ 8.5 µs each on PostgreSQL here): a batch of
 * 256 resting orders wrote 256 orders and 512 postings, three keys each — ≈ 20 ms of the batch's ≈ 40 ms
 * write. Five of those keys point at rows that are never deleted: they become a trigger per statement that
 * looks at the statement's new rows together, and checks more than the keys did:
 *   postings  its entry exists, and its account exists and holds the posting's asset (the keys allowed a
 *             posting of BTC on a USDT account);
 *   orders    its market exists and the asset it holds is that market's base or quote.
 * What the keys also gave — their parents cannot go while rows point at them — comes from refusing what
 * would take a parent away: the ledger (journal_entries, postings) is append-only (no UPDATE, DELETE or
 * TRUNCATE), and ledger accounts, assets and markets are never deleted nor their ids changed; an order's
 * market and held asset never change. `orders.user_id` keeps its foreign key: users are the one parent
 * here that other tables expect could be deleted (their ON DELETE CASCADE), and the key is what refuses it
 * while orders remain.
 */

/** The foreign keys replaced: table, column, and the parent table and column it refers to. */
const REPLACED_KEYS = [
  ['postings', 'entry_id', 'journal_entries', 'entry_id'],
  ['postings', 'account_id', 'ledger_accounts', 'account_id'],
  ['postings', 'asset_id', 'assets', 'asset_id'],
  ['orders', 'market_id', 'markets', 'market_id'],
  ['orders', 'hold_asset_id', 'assets', 'asset_id'],
] as const;
/** The ledger's tables, append-only. */
const LEDGER = ['journal_entries', 'postings'] as const;
/** Tables whose rows are kept (deleted never, except orders) and the columns that never change. */
const KEPT = [
  ['ledger_accounts', 'account_id, asset_id'],
  ['assets', 'asset_id'],
  ['markets', 'market_id, base_asset_id, quote_asset_id'],
  ['orders', 'market_id, hold_asset_id'],
] as const;
const keyName = (table: string, column: string) => `${table}_${column}_fkey`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create function refuse_reference_change() returns trigger language plpgsql as $$
    begin
      raise exception using errcode = 'foreign_key_violation',
        message = format('%s: rows other tables refer to are kept, and their ids do not change', tg_table_name);
    end $$`.execute(db);
  await sql`create function ledger_append_only() returns trigger language plpgsql as $$
    begin
      raise exception using errcode = 'restrict_violation',
        message = format('%s: the ledger is append-only', tg_table_name);
    end $$`.execute(db);
  for (const table of LEDGER) {
    await sql`create trigger ${sql.id(`${table}_no_change`)} before update or delete on ${sql.table(table)}
      for each row execute function ledger_append_only()`.execute(db);
    await sql`create trigger ${sql.id(`${table}_no_truncate`)} before truncate on ${sql.table(table)}
      for each statement execute function ledger_append_only()`.execute(db);
  }
  for (const [table, keys] of KEPT) {
    const deleted = table === 'orders' ? sql`` : sql`delete or `;
    await sql`create trigger ${sql.id(`${table}_references_kept`)} before ${deleted}update of ${sql.raw(keys)}
      on ${sql.table(table)} for each row execute function refuse_reference_change()`.execute(db);
  }

  // Each new row's parents looked up by index (a scalar subquery per row: no plan over a whole parent table,
  // whatever the planner guesses of the statement's row count).
  await sql`create function postings_refer() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from new_postings n
          where (select e.entry_id from journal_entries e where e.entry_id = n.entry_id) is null
             or (select a.account_id from ledger_accounts a
                 where a.account_id = n.account_id and a.asset_id = n.asset_id) is null) then
        raise exception using errcode = 'foreign_key_violation',
          message = 'a posting refers to no journal entry, or to no ledger account of its asset';
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger postings_refer after insert on postings referencing new table as new_postings
    for each statement execute function postings_refer()`.execute(db);
  await sql`create function orders_refer() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from new_orders n
          where (select m.market_id from markets m where m.market_id = n.market_id
                   and n.hold_asset_id in (m.base_asset_id, m.quote_asset_id)) is null) then
        raise exception using errcode = 'foreign_key_violation',
          message = 'an order refers to no market, or holds an asset that is not its market''s';
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger orders_refer after insert on orders referencing new table as new_orders
    for each statement execute function orders_refer()`.execute(db);

  for (const [table, column] of REPLACED_KEYS) {
    await sql`alter table ${sql.table(table)} drop constraint ${sql.id(keyName(table, column))}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table, column, parent, parentColumn] of REPLACED_KEYS) {
    await sql`alter table ${sql.table(table)} add constraint ${sql.id(keyName(table, column))}
      foreign key (${sql.id(column)}) references ${sql.table(parent)} (${sql.id(parentColumn)})`.execute(db);
  }
  await sql`drop trigger orders_refer on orders`.execute(db);
  await sql`drop trigger postings_refer on postings`.execute(db);
  for (const [table] of KEPT) {
    await sql`drop trigger ${sql.id(`${table}_references_kept`)} on ${sql.table(table)}`.execute(db);
  }
  for (const table of LEDGER) {
    await sql`drop trigger ${sql.id(`${table}_no_change`)} on ${sql.table(table)}`.execute(db);
    await sql`drop trigger ${sql.id(`${table}_no_truncate`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function orders_refer()`.execute(db);
  await sql`drop function postings_refer()`.execute(db);
  await sql`drop function ledger_append_only()`.execute(db);
  await sql`drop function refuse_reference_change()`.execute(db);
}
