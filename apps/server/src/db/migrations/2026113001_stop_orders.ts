import { type Kysely, sql } from 'kysely';

/**
 * Stop and OCO orders (issue 17 §1), in the orders table beside the plain ones:
 *   type               STOP_LIMIT (a limit order once triggered) or STOP_MARKET (a market order once triggered)
 *   status             UNTRIGGERED while a stop waits outside the book (open: it holds its funds)
 *   stop_price         the trigger, in ticks: a trade at or beyond it fires the stop
 *   trigger_direction  ABOVE (a trade at a price ≥ stop_price) or BELOW (≤)
 *   oco_order_id       the other leg of an OCO: the limit leg (LIMIT) and the stop leg (STOP_LIMIT) name
 *                      each other; one filling or triggering cancels the other
 *   triggered_at       when the stop fired (null until then, and for plain orders)
 * rest_seq of an UNTRIGGERED stop is the engine sequence of its STOP_PLACED: the order in which a restart
 * gives the pending stops back to the engine (they fire in placement order).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders
    add column stop_price bigint check (stop_price > 0),
    add column trigger_direction text check (trigger_direction in ('ABOVE', 'BELOW')),
    add column oco_order_id bigint,
    add column triggered_at timestamptz`.execute(db);
  await sql`alter table orders drop constraint orders_type_check`.execute(db);
  await sql`alter table orders add constraint orders_type_check
    check (type in ('LIMIT', 'MARKET', 'STOP_LIMIT', 'STOP_MARKET'))`.execute(db);
  await sql`alter table orders drop constraint orders_status_check`.execute(db);
  await sql`alter table orders add constraint orders_status_check
    check (status in ('NEW', 'PARTIAL', 'FILLED', 'CANCELLED', 'REJECTED', 'UNTRIGGERED'))`.execute(db);
  await sql`alter table orders drop constraint orders_shape`.execute(db);
  await sql`alter table orders add constraint orders_shape check (
    ((type in ('LIMIT', 'STOP_LIMIT') and price is not null and amount is not null and total is null)
      or (type in ('MARKET', 'STOP_MARKET') and price is null and side = 'BUY' and total is not null and amount is null)
      or (type in ('MARKET', 'STOP_MARKET') and price is null and side = 'SELL' and amount is not null and total is null))
    and ((type in ('STOP_LIMIT', 'STOP_MARKET')) = (stop_price is not null and trigger_direction is not null))
    and (status <> 'UNTRIGGERED' or type in ('STOP_LIMIT', 'STOP_MARKET'))
    and (oco_order_id is null or type in ('LIMIT', 'STOP_LIMIT')))`.execute(db);
  await sql`create index orders_untriggered_idx on orders (market_id, rest_seq) where status = 'UNTRIGGERED'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index orders_untriggered_idx`.execute(db);
  await sql`alter table orders drop constraint orders_shape`.execute(db);
  await sql`alter table orders add constraint orders_shape check (
    (type = 'LIMIT' and price is not null and amount is not null and total is null)
      or (type = 'MARKET' and price is null and side = 'BUY' and total is not null and amount is null)
      or (type = 'MARKET' and price is null and side = 'SELL' and amount is not null and total is null))`.execute(
    db,
  );
  await sql`alter table orders drop constraint orders_status_check`.execute(db);
  await sql`alter table orders add constraint orders_status_check
    check (status in ('NEW', 'PARTIAL', 'FILLED', 'CANCELLED', 'REJECTED'))`.execute(db);
  await sql`alter table orders drop constraint orders_type_check`.execute(db);
  await sql`alter table orders add constraint orders_type_check check (type in ('LIMIT', 'MARKET'))`.execute(
    db,
  );
  await sql`alter table orders drop column stop_price, drop column trigger_direction, drop column oco_order_id,
    drop column triggered_at`.execute(db);
}
