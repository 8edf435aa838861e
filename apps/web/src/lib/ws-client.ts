import { SESSION_ENDED_CLOSE_CODE, type TClientMessage, type TServerMessage } from '@fit24/contract';
import { bookMessage, type LiveBook, stepBook } from './ws-client-book.ts';
import {
  backoffDelay,
  endsSession,
  isPrivateChannel,
  type LiveSubscription,
  messageKey,
  subscriptionKey,
} from './ws-client-parts.ts';

export type { LiveBook } from './ws-client-book.ts';
export type { LiveSubscription } from './ws-client-parts.ts';

/** `idle`: no socket (nothing subscribed); `connecting`; `open`; `reconnecting`: lost, waiting to retry. */
export type LiveStatus = 'idle' | 'connecting' | 'open' | 'reconnecting';

export interface WsClientOptions {
  /** The socket's address, read at each connect (the config may arrive after start). */
  url: () => string;
  /** The session token, or null when signed out: private channels are only subscribed with one. */
  getToken: () => string | null;
  /**
   * The server ended the session of the current token (revoked: signed out elsewhere, password reset,
   * frozen): the app signs out as on a REST 502. The client never auths with that token again.
   */
  onSessionEnded?: () => void;
  createSocket?: (url: string) => WebSocket;
  /** Delay before reconnect attempt n (0 first). */
  backoff?: (attempt: number) => number;
  /** How long the socket stays open once nothing is subscribed (screens swap subscriptions on navigation). */
  idleCloseMs?: number;
  /** A ping this often; a socket silent for two periods is taken as dead and replaced. */
  pingMs?: number;
}

export interface WsClient {
  /**
   * Listens to a channel; answers the function that stops listening. Listeners of the same channel share
   * one server subscription (counted), which is dropped when the last one leaves. Order-book listeners get
   * the whole book as a `snapshot` message after every change (see `subscribeBook`).
   */
  subscribe(subscription: LiveSubscription, listener: (message: TServerMessage) => void): () => void;
  /** The market's book kept by applying sequenced updates; on a gap it subscribes again for a snapshot. */
  subscribeBook(marketId: number, listener: (book: LiveBook) => void): () => void;
  /** Called after the socket came back (not on the first connect): time to refetch what REST holds. */
  onReconnect(listener: () => void): () => void;
  onStatus(listener: (status: LiveStatus) => void): () => void;
  status(): LiveStatus;
  /** Call when the session changes: auths with the new token, or drops the private channels on sign-out. */
  tokenChanged(): void;
  /**
   * Call when the device says its network went (false) or came back (true). Gone: the socket is dropped
   * at once (it cannot work, and would otherwise look open until two pings went unanswered) and retried
   * with the backoff. Back: a retry waiting on its backoff connects now.
   */
  networkChanged(online: boolean): void;
  /** Closes for good (tests, app teardown). */
  close(): void;
}

interface Entry {
  subscription: LiveSubscription;
  listeners: Set<(message: TServerMessage) => void>;
  /** Order book only: the book as applied so far, and whether a (re)subscribe's snapshot is awaited. */
  book: LiveBook | null;
  awaitingSnapshot: boolean;
}

const OPEN = 1;

export function createWsClient(options: WsClientOptions): WsClient {
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url));
  const backoff = options.backoff ?? ((attempt: number) => backoffDelay(attempt));
  const idleCloseMs = options.idleCloseMs ?? 5_000;
  const pingMs = options.pingMs ?? 25_000;
  const entries = new Map<string, Entry>();
  const reconnectListeners = new Set<() => void>();
  const statusListeners = new Set<(status: LiveStatus) => void>();
  let socket: WebSocket | null = null;
  let state: LiveStatus = 'idle';
  let attempt = 0;
  let openedBefore = false;
  let closedForGood = false;
  /** The token sent in `auth` on this socket; `authed` once the server accepted it. */
  let authToken: string | null = null;
  let authed = false;
  /** A token the server said is dead (502): sending it again would be refused, in a loop. */
  let deadToken: string | null = null;
  let lastHeard = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;

  function setStatus(next: LiveStatus): void {
    if (state === next) return;
    state = next;
    for (const listener of statusListeners) listener(next);
  }

  /** The token to auth with: the session's, unless the server already ended it. */
  function liveToken(): string | null {
    const token = options.getToken();
    return token === deadToken ? null : token;
  }

  /** The server refused or ended the session of `authToken` (502): tells the app once per token. */
  function sessionEnded(): void {
    const token = authToken;
    authToken = null;
    authed = false;
    if (token === null || token === deadToken) return;
    deadToken = token;
    // The app may have moved on to another session meanwhile: then this end is not its.
    if (options.getToken() === token) options.onSessionEnded?.();
  }

  function send(message: TClientMessage): void {
    if (socket?.readyState === OPEN) socket.send(JSON.stringify(message));
  }

  /** Subscribes on the server when the socket can: public at once, private once authed. */
  function sendSubscribe(entry: Entry): void {
    if (isPrivateChannel(entry.subscription.channel) && !authed) return;
    if (entry.subscription.channel === 'orderbook') entry.awaitingSnapshot = true;
    send({ op: 'subscribe', ...entry.subscription });
  }

  function connect(): void {
    clearTimeout(retryTimer);
    retryTimer = undefined;
    if (socket || closedForGood || entries.size === 0) return;
    setStatus(openedBefore ? 'reconnecting' : 'connecting');
    const ws = createSocket(options.url());
    socket = ws;
    ws.onopen = () => {
      const reconnected = openedBefore;
      openedBefore = true;
      lastHeard = Date.now();
      setStatus('open');
      authToken = liveToken();
      authed = false;
      if (authToken) send({ op: 'auth', token: authToken });
      for (const entry of entries.values()) sendSubscribe(entry);
      clearInterval(pingTimer);
      pingTimer = setInterval(checkAlive, pingMs);
      if (reconnected) for (const listener of reconnectListeners) listener();
    };
    ws.onmessage = (event) => {
      // Reset the backoff only once the server talks: one that accepts and drops at once isn't hammered.
      attempt = 0;
      lastHeard = Date.now();
      receive(String(event.data));
    };
    ws.onclose = (event) => {
      // The message before the close says so too; the close code alone is enough.
      if (socket === ws && event.code === SESSION_ENDED_CLOSE_CODE) sessionEnded();
      lost(ws);
    };
    ws.onerror = () => lost(ws);
  }

  /** The socket is gone (closed, failed or silent): forget it and try again after a backoff. */
  function lost(ws: WebSocket): void {
    if (socket !== ws) return;
    detach(ws);
    if (closedForGood || entries.size === 0) {
      setStatus('idle');
      return;
    }
    setStatus('reconnecting');
    retryTimer = setTimeout(connect, backoff(attempt++));
  }

  /** Drops the socket and opens a new one now: the server forgets who was signed in on the old one. */
  function restart(): void {
    if (socket) detach(socket);
    connect();
  }

  function detach(ws: WebSocket): void {
    ws.onopen = ws.onmessage = ws.onclose = ws.onerror = null;
    try {
      ws.close();
    } catch {
      // Closing a socket that never opened may throw in some browsers; it is dropped either way.
    }
    socket = null;
    authToken = null;
    authed = false;
    clearInterval(pingTimer);
  }

  function checkAlive(): void {
    const ws = socket;
    if (!ws) return;
    if (Date.now() - lastHeard > 2 * pingMs) lost(ws);
    else send({ op: 'ping' });
  }

  function receive(text: string): void {
    const message = serverMessage(text);
    if (!message) return;
    if (endsSession(message)) {
      sessionEnded();
      return;
    }
    if (message.channel === 'auth') {
      authed = true;
      for (const entry of entries.values()) {
        if (isPrivateChannel(entry.subscription.channel)) sendSubscribe(entry);
      }
      return;
    }
    const key = messageKey(message);
    const entry = key === null ? undefined : entries.get(key);
    if (!entry) return;
    if (message.channel === 'orderbook') receiveBook(entry, message);
    else for (const listener of [...entry.listeners]) listener(message);
  }

  function receiveBook(entry: Entry, message: Extract<TServerMessage, { channel: 'orderbook' }>): void {
    if (message.type === 'snapshot') {
      entry.book = { bids: message.data.bids, asks: message.data.asks, sequence: message.sequence };
      entry.awaitingSnapshot = false;
    } else {
      // Updates before the snapshot are already in it (or the snapshot will say otherwise).
      if (!entry.book || entry.awaitingSnapshot) return;
      const step = stepBook(entry.book, {
        sequence: message.sequence,
        prev_sequence: message.data.prev_sequence,
        bids: message.data.bids,
        asks: message.data.asks,
      });
      if (step.kind === 'stale') return;
      if (step.kind === 'gap') {
        sendSubscribe(entry);
        return;
      }
      entry.book = step.book;
    }
    const shown = bookMessage(entry.subscription.market_id!, entry.book);
    for (const listener of [...entry.listeners]) listener(shown);
  }

  function subscribe(subscription: LiveSubscription, listener: (message: TServerMessage) => void) {
    const key = subscriptionKey(subscription);
    let entry = entries.get(key);
    if (!entry) {
      entry = { subscription, listeners: new Set(), book: null, awaitingSnapshot: true };
      entries.set(key, entry);
      if (socket?.readyState === OPEN) sendSubscribe(entry);
    } else if (entry.book) {
      // A later screen on a shared book starts from the book as it stands.
      listener(bookMessage(subscription.market_id!, entry.book));
    }
    entry.listeners.add(listener);
    clearTimeout(idleTimer);
    // A retry already waiting keeps its backoff; otherwise connect now.
    if (!socket && retryTimer === undefined) connect();
    const mine = entry;
    return () => {
      mine.listeners.delete(listener);
      if (mine.listeners.size > 0 || entries.get(key) !== mine) return;
      entries.delete(key);
      send({ op: 'unsubscribe', ...mine.subscription });
      if (entries.size === 0) {
        clearTimeout(idleTimer);
        idleTimer = setTimeout(closeIdle, idleCloseMs);
      }
    };
  }

  function closeIdle(): void {
    if (entries.size > 0) return;
    clearTimeout(retryTimer);
    retryTimer = undefined;
    if (socket) detach(socket);
    openedBefore = false;
    setStatus('idle');
  }

  return {
    subscribe,
    subscribeBook(marketId, listener) {
      return subscribe({ channel: 'orderbook', market_id: marketId }, (message) => {
        if (message.channel === 'orderbook') {
          listener({ bids: message.data.bids, asks: message.data.asks, sequence: message.sequence });
        }
      });
    },
    onReconnect(listener) {
      reconnectListeners.add(listener);
      return () => reconnectListeners.delete(listener);
    },
    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    status: () => state,
    tokenChanged() {
      // A socket still connecting reads the token when it opens.
      if (!socket || socket.readyState !== OPEN) return;
      const token = liveToken();
      if (token === authToken) return;
      if (authToken === null && token) {
        authToken = token;
        send({ op: 'auth', token });
        return;
      }
      // Signed out, or someone else signed in: a new socket, so no private channel of the old user survives.
      restart();
    },
    networkChanged(online) {
      if (!online) {
        if (socket) lost(socket);
        return;
      }
      if (socket || retryTimer === undefined) return;
      attempt = 0;
      connect();
    },
    close() {
      closedForGood = true;
      clearTimeout(retryTimer);
      clearTimeout(idleTimer);
      if (socket) detach(socket);
      entries.clear();
      setStatus('idle');
    },
  };
}

/**
 * A frame of the server, read as the contract's `TServerMessage` the way REST answers are read as their
 * route's type: the server is ours and built on the same contract, and its tests check every message it
 * sends against `ZServerMessage` (apps/server/src/testing/socket.ts). Not validating here keeps zod and
 * the contract's schemas out of the first screen's JavaScript (issue 15). What is not even a message (not
 * JSON, no channel) is dropped; a channel or type the app does not know matches no subscription.
 */
function serverMessage(text: string): TServerMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { channel, type } = value as { channel?: unknown; type?: unknown };
  return typeof channel === 'string' && typeof type === 'string' ? (value as TServerMessage) : null;
}
