/** The part of a WebSocket the hub uses (the `ws` library's socket has it all). */
export interface SocketLike {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

const OPEN = 1;
/** Bytes a client may leave unread before it is dropped rather than buffered without bound. */
export const MAX_BUFFERED_BYTES = 1 << 20;

/** A server message (DESIGN §3 "Real-time socket"). */
export interface ServerMessage {
  channel: string;
  market_id?: number;
  type: 'snapshot' | 'update';
  sequence?: number;
  data: unknown;
}

export class Client {
  /** Set by a successful `auth`: the private channels are this user's. */
  userId: bigint | null = null;
  /** The session the socket authed with: when it ends, the socket is closed (realtime/revocation.ts). */
  sessionId: bigint | null = null;
  /** Subscription keys: `ticker`, `orderbook:<market>`, `trades:<market>`, `candles:<market>:<interval>`, `orders` … */
  readonly subscriptions = new Set<string>();

  constructor(readonly socket: SocketLike) {}
}

/** Who listens to what, and the one place messages leave: a client too slow to read is dropped. */
export class Hub {
  private readonly clients = new Set<Client>();

  add(socket: SocketLike): Client {
    const client = new Client(socket);
    this.clients.add(client);
    return client;
  }

  remove(client: Client): void {
    this.clients.delete(client);
  }

  send(client: Client, message: ServerMessage): void {
    const socket = client.socket;
    if (socket.readyState !== OPEN) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.remove(client);
      socket.close(1013, 'The client does not read fast enough.');
      return;
    }
    socket.send(JSON.stringify(message));
  }

  /** To every client subscribed to `key` (a public channel). */
  publish(key: string, message: ServerMessage): void {
    for (const client of this.clients) if (client.subscriptions.has(key)) this.send(client, message);
  }

  /** To the signed-in clients of `userId` subscribed to a private channel. */
  publishToUser(userId: bigint, message: ServerMessage): void {
    for (const client of this.clients) {
      if (client.userId === userId && client.subscriptions.has(message.channel)) this.send(client, message);
    }
  }

  hasSubscribers(key: string): boolean {
    for (const client of this.clients) if (client.subscriptions.has(key)) return true;
    return false;
  }

  /** Signed-in users with a client subscribed to a private channel. */
  listeners(channel: string): Set<bigint> {
    const users = new Set<bigint>();
    for (const client of this.clients) {
      if (client.userId !== null && client.subscriptions.has(channel)) users.add(client.userId);
    }
    return users;
  }

  /** The signed-in clients of `userId`, or of everyone (null). */
  signedIn(userId: bigint | null): Client[] {
    return [...this.clients].filter(
      (client) => client.sessionId !== null && (userId === null || client.userId === userId),
    );
  }

  closeAll(): void {
    for (const client of this.clients) client.socket.close(1001, 'The server is shutting down.');
    this.clients.clear();
  }
}
