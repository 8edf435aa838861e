import { describe, expect, it } from 'vitest';
import { Hub, MAX_BUFFERED_BYTES, type SocketLike } from './hub.ts';

function fakeSocket(bufferedAmount = 0) {
  const sent: string[] = [];
  const socket = {
    readyState: 1,
    bufferedAmount,
    closed: null as number | null,
    send: (data: string) => sent.push(data),
    close(code?: number) {
      this.closed = code ?? 1000;
      this.readyState = 3;
    },
  };
  return { socket: socket as SocketLike & typeof socket, sent };
}

describe('the socket hub', () => {
  it('sends each channel to its subscribers only, and private channels to their user only', () => {
    const hub = new Hub();
    const [a, b] = [fakeSocket(), fakeSocket()];
    const ca = hub.add(a.socket);
    const cb = hub.add(b.socket);
    ca.subscriptions.add('trades:1');
    ca.userId = 7n;
    ca.subscriptions.add('orders');
    cb.userId = 8n;
    cb.subscriptions.add('orders');
    hub.publish('trades:1', { channel: 'trades', market_id: 1, type: 'update', data: {} });
    hub.publishToUser(8n, { channel: 'orders', type: 'update', data: { orders: [] } });
    expect(a.sent.map((s) => JSON.parse(s).channel)).toEqual(['trades']);
    expect(b.sent.map((s) => JSON.parse(s).channel)).toEqual(['orders']);
    expect(hub.listeners('orders')).toEqual(new Set([7n, 8n]));
  });

  it('drops a client that stops reading instead of buffering without bound', () => {
    const hub = new Hub();
    const slow = fakeSocket(MAX_BUFFERED_BYTES + 1);
    const client = hub.add(slow.socket);
    client.subscriptions.add('ticker');
    hub.publish('ticker', { channel: 'ticker', type: 'update', data: {} });
    expect(slow.sent).toEqual([]);
    expect(slow.socket.closed).toBe(1013);
    expect(hub.hasSubscribers('ticker')).toBe(false);
  });
});
