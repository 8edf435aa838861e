import { validateInternalState } from '@fit24/engine';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { auditClean } from '../../testing/funds.ts';
import { databasesUnderTest } from '../../testing/test-app.ts';
import {
  createOrder,
  fundedUser,
  holdUnmatched,
  marketBalance,
  marketIdOf,
  place,
  reopenable,
} from '../../testing/trading.ts';

describe.each(databasesUnderTest())('a batch that cannot commit on $name', (database) => {
  it('rebuilds the book, commits the sound orders alone, and refuses the bad one with nothing held', async () => {
    const open = reopenable(database.name);
    let t = await open(false);
    const btc = await marketIdOf(t, 'BTC/USDT');
    const limit = (side: 'BUY' | 'SELL', price: string) => ({
      market_id: btc,
      side,
      type: 'LIMIT',
      price,
      amount: '0.01',
    });
    const maker = await fundedUser(t, { BTC: '1' });
    const taker = await fundedUser(t, { USDT: '2000' });
    await place(t, maker, limit('SELL', '60000'));
    await place(t, maker, limit('SELL', '61111'));
    // A fault the database raises on one trade only (a stand-in for any failure inside the commit).
    await sql`create function refuse_trade() returns trigger language plpgsql as $$
      begin if new.price = 6111100 then raise exception 'refused by the test'; end if; return new; end $$`.execute(
      t.ctx.db,
    );
    await sql`create trigger refuse_trade before insert on trades
      for each row execute function refuse_trade()`.execute(t.ctx.db);

    // Two held orders that the next start matches in one batch: the batch fails on the second.
    await holdUnmatched(t, taker, limit('BUY', '60000'));
    await holdUnmatched(t, taker, limit('BUY', '61111'));
    await t.close();

    t = await open(true);
    const orders = () =>
      t.ctx.db
        .selectFrom('orders')
        .select(['status', 'filled', 'pending', 'hold_remaining'])
        .where('user_id', '=', BigInt(taker.userId))
        .orderBy('order_id')
        .execute();
    for (let i = 0; i < 50 && (await orders()).some((o) => o.pending); i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await orders()).toEqual([
      { status: 'FILLED', filled: 100n, pending: false, hold_remaining: 0n },
      { status: 'REJECTED', filled: 0n, pending: false, hold_remaining: 0n },
    ]);
    expect((await marketBalance(t, taker, btc)).quote).toEqual({ available: '1400', on_hold: '0' });
    const engine = t.ctx.engine.worker(btc).engine;
    expect(validateInternalState(engine)).toEqual([]);
    expect(engine.depth().asks).toEqual([[6111100, 100]]);
    expect(await auditClean(t)).toEqual({ ok: true, failed: [] });

    // New orders in one batch, one of which cannot commit: the sound one commits alone; the request of
    // the bad one answers 500, and nothing of it is written or held.
    await place(t, maker, limit('SELL', '60000'));
    const ordersBefore = await orders();
    const [sound, bad] = await Promise.all([
      createOrder(t, taker, limit('BUY', '60000')),
      createOrder(t, taker, limit('BUY', '61111')),
    ]);
    expect(sound.status).toBe(200);
    expect(sound.body.data.order).toMatchObject({ status: 'FILLED', filled: '0.01' });
    expect(bad.status).toBe(500);
    expect(await orders()).toEqual([
      ...ordersBefore,
      { status: 'FILLED', filled: 100n, pending: false, hold_remaining: 0n },
    ]);
    expect((await marketBalance(t, taker, btc)).quote).toEqual({ available: '800', on_hold: '0' });
    expect(engine.depth().asks).toEqual([[6111100, 100]]);
    expect(await auditClean(t)).toEqual({ ok: true, failed: [] });
    await t.close();
  }, 120_000);
});
