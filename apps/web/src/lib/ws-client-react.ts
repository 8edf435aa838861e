import type { TServerMessage, TSocketChannel } from '@fit24/contract';
import { useEffect, useEffectEvent, useSyncExternalStore } from 'react';
import type { LiveBook, LiveStatus } from './ws-client.ts';
import { liveSocket } from './ws-client-app.ts';

/**
 * Listens to a socket channel while mounted and `enabled`; screens on the same channel share one server
 * subscription. `onMessage` may change between renders without resubscribing.
 */
export function useLiveChannel(
  channel: TSocketChannel,
  params: { marketId?: number | null; intervalMin?: number; enabled?: boolean },
  onMessage: (message: TServerMessage) => void,
): void {
  const { marketId, intervalMin, enabled = true } = params;
  const handle = useEffectEvent(onMessage);
  useEffect(() => {
    if (!enabled || marketId === null) return;
    return liveSocket().subscribe(
      {
        channel,
        ...(marketId !== undefined ? { market_id: marketId } : {}),
        ...(intervalMin !== undefined ? { interval_min: intervalMin } : {}),
      },
      (message) => handle(message),
    );
  }, [channel, marketId, intervalMin, enabled]);
}

/** The market's live order book (snapshot plus sequenced updates, re-snapshotted after a gap). */
export function useLiveBookChannel(
  marketId: number | null,
  enabled: boolean,
  onBook: (book: LiveBook) => void,
): void {
  const handle = useEffectEvent(onBook);
  useEffect(() => {
    if (!enabled || marketId === null) return;
    return liveSocket().subscribeBook(marketId, (book) => handle(book));
  }, [marketId, enabled]);
}

/** Runs after the socket came back from a loss (REST data may have missed changes meanwhile). */
export function useLiveReconnect(enabled: boolean, onReconnect: () => void): void {
  const handle = useEffectEvent(onReconnect);
  useEffect(() => {
    if (!enabled) return;
    return liveSocket().onReconnect(() => handle());
  }, [enabled]);
}

const subscribeStatus = (listener: () => void) => liveSocket().onStatus(listener);
const readStatus = () => liveSocket().status();

/** The socket's state, for a "Live" / "Reconnecting…" mark. */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(subscribeStatus, readStatus, readStatus);
}
