/**
 * What leaves the socket, made cheap for many clients (issue 17): a message is serialised once however many
 * subscribers share it, a market's book changes within one tick travel as one update, and each client's
 * messages of a tick go out in one corked write.
 */

/** The part of a WebSocket the hub uses (the `ws` library's socket has it all). */
export interface SocketLike {
  readonly readyState: number;
  readonly bufferedAmount: number;
  /** A Buffer goes as a text frame with `{ binary: false }` (the bytes are UTF-8 JSON). */
  send(data: string | Buffer, options?: { binary?: boolean }): void;
  close(code?: number, reason?: string): void;
}

/** A server message (DESIGN §3 "Real-time socket"). */
export interface ServerMessage {
  channel: string;
  market_id?: number;
  type: 'snapshot' | 'update';
  sequence?: number;
  data: unknown;
}

/** Something queued for one or many clients: its bytes are made once, on the first client's write. */
export interface Outgoing {
  bytes(): Buffer;
}

/** A message serialised once and sent as the same bytes to every client it was queued for. */
export class Frame implements Outgoing {
  private payload: Buffer | null = null;

  constructor(readonly message: ServerMessage) {}

  bytes(): Buffer {
    this.payload ??= Buffer.from(JSON.stringify(this.message));
    return this.payload;
  }
}

/** Levels as the API shows them: `[price, amount]`, amount "0" when the level is gone. */
export type Level = readonly [price: string, amount: string];

/** One committed batch's book changes: the levels it touched, and the engine sequences it spans. */
export interface BookChange {
  marketId: number;
  fromSequence: number;
  sequence: number;
  bids: readonly Level[];
  asks: readonly Level[];
}

/**
 * The `orderbook` update of a tick: the changes of consecutive batches merged, each level at its latest
 * amount, spanning `prev_sequence` (the first batch's) to `sequence` (the last one's) — to a client exactly
 * what the batches one after another would have made of its book. Sealed once serialised: later batches
 * start a new update.
 */
export class BookUpdate implements Outgoing {
  /** The clients it was queued for: a client subscribing later needs an update of its own. */
  readonly recipients = new Set<unknown>();
  private readonly fromSequence: number;
  private sequence: number;
  private readonly bids = new Map<string, string>();
  private readonly asks = new Map<string, string>();
  private frame: Frame | null = null;

  constructor(private readonly change: BookChange) {
    this.fromSequence = change.fromSequence;
    this.sequence = change.sequence;
    this.take(change);
  }

  /** Whether `change` may be merged: it follows this update and this update has not been sent yet. */
  follows(change: BookChange): boolean {
    return this.frame === null && change.fromSequence === this.sequence;
  }

  merge(change: BookChange): void {
    this.sequence = change.sequence;
    this.take(change);
  }

  bytes(): Buffer {
    this.frame ??= new Frame({
      channel: 'orderbook',
      market_id: this.change.marketId,
      type: 'update',
      sequence: this.sequence,
      data: { prev_sequence: this.fromSequence, bids: [...this.bids], asks: [...this.asks] },
    });
    return this.frame.bytes();
  }

  private take(change: BookChange): void {
    for (const [price, amount] of change.bids) this.bids.set(price, amount);
    for (const [price, amount] of change.asks) this.asks.set(price, amount);
  }
}

/** The TCP socket under a `ws` WebSocket (its `_socket`), corked around a client's writes of a tick. */
interface Corkable {
  cork(): void;
  uncork(): void;
}

function streamOf(socket: SocketLike): Corkable | null {
  const stream = (socket as { _socket?: Partial<Corkable> })._socket;
  return typeof stream?.cork === 'function' && typeof stream.uncork === 'function'
    ? (stream as Corkable)
    : null;
}

/** Sends `items` in order as text frames; on a real socket as one write (one system call, not one each). */
export function writeCorked(socket: SocketLike, items: readonly Outgoing[]): void {
  const stream = items.length > 1 ? streamOf(socket) : null;
  stream?.cork();
  try {
    for (const item of items) socket.send(item.bytes(), { binary: false });
  } finally {
    stream?.uncork();
  }
}
