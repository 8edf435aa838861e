import {
  type BookChange,
  BookUpdate,
  Frame,
  type Outgoing,
  type ServerMessage,
  type SocketLike,
  writeCorked,
} from './broadcast.ts';

export type { ServerMessage, SocketLike } from './broadcast.ts';

const OPEN = 1;
/** Bytes a client may leave unread before it is dropped rather than buffered without bound. */
export const MAX_BUFFERED_BYTES = 1 << 20;
/**
 * The shortest time between two flushes. After a quiet spell a message leaves at the end of its tick; while
 * messages keep coming, what arrives within this time goes out together (merged book updates, one write per
 * client), which bounds the system calls to one per client per interval.
 */
export const FLUSH_EVERY_MS = 10;

export class Client {
  /** Set by a successful `auth`: the private channels are this user's. */
  userId: bigint | null = null;
  /** The session the socket authed with: when it ends, the socket is closed (realtime/revocation.ts). */
  sessionId: bigint | null = null;
  /** The personal key the socket was opened with (a signed upgrade): when it is revoked, the socket is closed. */
  apiKey: { apiKeyId: bigint; publicId: string; scopes: readonly string[] } | null = null;
  /** Subscription keys: `ticker`, `orderbook:<market>`, `trades:<market>`, `candles:<market>:<interval>`, `orders` … */
  readonly subscriptions = new Set<string>();

  /** What was published to it this tick, written at the tick's end (`Hub.flush`). */
  outbox: Outgoing[] = [];

  constructor(readonly socket: SocketLike) {}
}

/**
 * Who listens to what, and the one place messages leave: a client too slow to read is dropped. Published
 * messages are serialised once for all their subscribers and queued; at the end of the tick (setImmediate,
 * or at most every `FLUSH_EVERY_MS`) each client's queue goes out in one corked write. A direct `send` (a
 * snapshot, an answer) first writes what is queued for that client, so a client always gets its messages in
 * the order they were made.
 */
export class Hub {
  private readonly clients = new Set<Client>();
  /** Clients with something in their outbox. */
  private readonly pending = new Set<Client>();
  /** The flush to come: at the end of this tick, or — under load — `FLUSH_EVERY_MS` after the last one. */
  private flushing: { cancel(): void } | null = null;
  private lastFlush = Number.NEGATIVE_INFINITY;
  /** Clients with answers to calls in their outbox, written at the end of this tick (`answer`). */
  private readonly answering = new Set<Client>();
  private answeringSoon: NodeJS.Immediate | null = null;
  /** Per `orderbook:<market>`: this tick's update, still open to the next batch's changes. */
  private readonly openBooks = new Map<string, BookUpdate>();
  /** Per `orderbook:<market>`: sequences of snapshots sent, where an update must start (see `publishBook`). */
  private readonly bookCuts = new Map<string, Set<number>>();

  add(socket: SocketLike): Client {
    const client = new Client(socket);
    this.clients.add(client);
    return client;
  }

  remove(client: Client): void {
    this.clients.delete(client);
    this.pending.delete(client);
    this.answering.delete(client);
    client.outbox = [];
  }

  /** To one client at once, after what is queued for it. */
  send(client: Client, message: ServerMessage): void {
    if (message.channel === 'orderbook' && message.type === 'snapshot' && message.sequence !== undefined) {
      const key = `orderbook:${message.market_id}`;
      const cuts = this.bookCuts.get(key) ?? new Set<number>();
      this.bookCuts.set(key, cuts.add(message.sequence));
    }
    client.outbox.push(new Frame(message));
    this.write(client);
  }

  /**
   * An answer to a client's call, at the end of this tick, with what else is queued for it. A batch answers
   * all its orders in one tick: a bot's socket then gets the batch's answers in one corked write rather than
   * a system call each. Not for a message that must leave before the socket closes (`send`).
   */
  answer(client: Client, message: ServerMessage): void {
    client.outbox.push(new Frame(message));
    this.answering.add(client);
    this.answeringSoon ??= setImmediate(() => {
      this.answeringSoon = null;
      for (const waiting of this.answering) this.write(waiting);
    });
  }

  /** To every client subscribed to `key` (a public channel), serialised once. */
  publish(key: string, message: ServerMessage): void {
    const frame = new Frame(message);
    for (const client of this.clients) if (client.subscriptions.has(key)) this.enqueue(client, frame);
  }

  /** To the signed-in clients of `userId` subscribed to a private channel, serialised once. */
  publishToUser(userId: bigint, message: ServerMessage): void {
    const frame = new Frame(message);
    for (const client of this.clients) {
      if (client.userId === userId && client.subscriptions.has(message.channel)) this.enqueue(client, frame);
    }
  }

  /**
   * A batch's book changes to `orderbook:<market>`, merged into this tick's update when it follows it. A new
   * update starts where a subscriber's snapshot left off (its sequence, remembered by `send`), and when a
   * client subscribed since the open update was queued: every subscriber can chain every update it gets.
   */
  publishBook(change: BookChange): void {
    const key = `orderbook:${change.marketId}`;
    const subscribers = [...this.clients].filter((client) => client.subscriptions.has(key));
    const cuts = this.bookCuts.get(key);
    const cut = cuts?.has(change.fromSequence) ?? false;
    if (cuts) {
      for (const sequence of cuts) if (sequence <= change.fromSequence) cuts.delete(sequence);
      if (cuts.size === 0) this.bookCuts.delete(key);
    }
    const open = this.openBooks.get(key);
    if (open && !cut && open.follows(change) && subscribers.every((client) => open.recipients.has(client))) {
      open.merge(change);
      return;
    }
    if (subscribers.length === 0) {
      this.openBooks.delete(key);
      return;
    }
    const update = new BookUpdate(change);
    this.openBooks.set(key, update);
    for (const client of subscribers) {
      update.recipients.add(client);
      this.enqueue(client, update);
    }
  }

  /** Writes every client's queue: the end of a tick (called by the hub itself; tests call it directly). */
  flush(): void {
    this.flushing?.cancel();
    this.flushing = null;
    this.lastFlush = performance.now();
    this.openBooks.clear();
    for (const client of this.pending) this.write(client);
  }

  private enqueue(client: Client, item: Outgoing): void {
    client.outbox.push(item);
    this.pending.add(client);
    if (this.flushing) return;
    const wait = this.lastFlush + FLUSH_EVERY_MS - performance.now();
    if (wait > 0) {
      const timer = setTimeout(() => this.flush(), wait);
      this.flushing = { cancel: () => clearTimeout(timer) };
    } else {
      const immediate = setImmediate(() => this.flush());
      this.flushing = { cancel: () => clearImmediate(immediate) };
    }
  }

  private write(client: Client): void {
    this.pending.delete(client);
    this.answering.delete(client);
    const items = client.outbox;
    if (items.length === 0) return;
    client.outbox = [];
    const socket = client.socket;
    if (socket.readyState !== OPEN) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.remove(client);
      socket.close(1013, 'The client does not read fast enough.');
      return;
    }
    writeCorked(socket, items);
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

  /** The signed-in clients (with a session or a personal key) of `userId`, or of everyone (null). */
  signedIn(userId: bigint | null): Client[] {
    return [...this.clients].filter(
      (client) =>
        (client.sessionId !== null || client.apiKey !== null) &&
        (userId === null || client.userId === userId),
    );
  }

  closeAll(): void {
    // Answers already given leave before the sockets close.
    for (const client of this.answering) this.write(client);
    if (this.answeringSoon) clearImmediate(this.answeringSoon);
    this.answeringSoon = null;
    this.flushing?.cancel();
    this.flushing = null;
    this.pending.clear();
    this.openBooks.clear();
    for (const client of this.clients) client.socket.close(1001, 'The server is shutting down.');
    this.clients.clear();
  }
}
