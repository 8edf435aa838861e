import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredUser } from '../testing/identity.ts';
import { connect } from '../testing/socket.ts';
import { createTestApp, databasesUnderTest, type TestApp } from '../testing/test-app.ts';
import { fundedUser, marketIdOf, place } from '../testing/trading.ts';

type Level = [string, string];

/** A book kept from a socket as the web app keeps it: a snapshot, then updates that must chain. */
async function liveBook(t: TestApp, marketId: number) {
  const socket = await connect(t);
  socket.send({ op: 'subscribe', channel: 'orderbook', market_id: marketId });
  const snapshot = await socket.next('orderbook', 'snapshot');
  const book = {
    sequence: snapshot.sequence as number,
    bids: new Map<string, string>(snapshot.data.bids),
    asks: new Map<string, string>(snapshot.data.asks),
    updates: 0,
    gaps: 0,
  };
  socket.ws.on('message', (raw: Buffer) => {
    const m = JSON.parse(raw.toString('utf8'));
    if (m.channel !== 'orderbook' || m.type !== 'update' || m.sequence <= book.sequence) return;
    if (m.data.prev_sequence !== book.sequence) book.gaps += 1;
    book.updates += 1;
    book.sequence = m.sequence;
    for (const [side, levels] of [
      [book.bids, m.data.bids as Level[]],
      [book.asks, m.data.asks as Level[]],
    ] as const) {
      for (const [price, amount] of levels) {
        if (Number(amount) === 0) side.delete(price);
        else side.set(price, amount);
      }
    }
  });
  const levels = (side: Map<string, string>, sign: number) =>
    [...side].sort((a, b) => sign * (Number(a[0]) - Number(b[0])));
  return { socket, book, shown: () => ({ bids: levels(book.bids, -1), asks: levels(book.asks, 1) }) };
}

describe.each(databasesUnderTest())('book updates merged per tick on $name', (database) => {
  let t: TestApp;
  let btc: number;
  let seller: RegisteredUser;
  let buyer: RegisteredUser;
  beforeAll(async () => {
    t = await createTestApp(database);
    btc = await marketIdOf(t, 'BTC/USDT');
    seller = await fundedUser(t, { BTC: '10' });
    buyer = await fundedUser(t, { USDT: '1000000' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keep every client’s book equal to the engine’s through a burst, a client joining mid-burst too', async () => {
    const early = await liveBook(t, btc);
    const order = (side: 'BUY' | 'SELL', price: number, amount: string) =>
      place(t, side === 'SELL' ? seller : buyer, {
        market_id: btc,
        side,
        type: 'LIMIT',
        price: String(price),
        amount,
      });
    const burst = (k: number) =>
      Array.from({ length: 30 }, (_, i) =>
        i % 3 === 2
          ? order('BUY', 60_000 + ((i + k) % 5), '0.03')
          : order('SELL', 60_000 + ((i + k) % 5), '0.02'),
      );
    const first = Promise.all(burst(0));
    const late = await liveBook(t, btc);
    await Promise.all([first, ...burst(1)]);

    const { body } = await t.api('GET', `/api/market/orderbook?market_id=${btc}`, { token: seller.token });
    const engine = { bids: body.data.bids, asks: body.data.asks };
    expect(engine.asks.length + engine.bids.length).toBeGreaterThan(0);
    for (const client of [early, late]) {
      await expect.poll(() => client.book.sequence).toBe(body.data.sequence);
      expect(client.shown()).toEqual(engine);
      expect(client.book.gaps).toBe(0);
      client.socket.ws.terminate();
    }
    expect(early.book.updates).toBeGreaterThan(0);
  });
});
