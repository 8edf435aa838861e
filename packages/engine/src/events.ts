import type { OrderNode } from './book.ts';
import type { ResultCode } from './codes.ts';
import { type StopOrder, toPendingStop } from './stops.ts';
import type { CancelReason, EngineListener, OrderType, Side, TimeInForce } from './types.ts';

function ignore(): void {}

/**
 * Builds each event with one fixed shape per type (so that V8 keeps the listener's call sites
 * monomorphic) and numbers it with the next sequence number: 1, 2, 3 … without gaps.
 */
export class EventWriter {
  seq = 0;
  private readonly listener: EngineListener;

  constructor(listener: EngineListener = ignore) {
    this.listener = listener;
  }

  rejected(orderId: number, owner: number, code: ResultCode): ResultCode {
    this.listener({ type: 'REJECTED', seq: ++this.seq, orderId, owner, code });
    return code;
  }

  accepted(
    orderId: number,
    owner: number,
    side: Side,
    orderType: OrderType,
    price: number,
    amount: number,
    total: number,
    timeInForce: TimeInForce,
    postOnly: boolean,
  ): void {
    this.listener({
      type: 'ACCEPTED',
      seq: ++this.seq,
      orderId,
      owner,
      side,
      orderType,
      price,
      amount,
      total,
      timeInForce,
      postOnly,
    });
  }

  trade(maker: OrderNode, taker: OrderNode, price: number, amount: number, quote: number): void {
    this.listener({
      type: 'TRADE',
      seq: ++this.seq,
      makerOrderId: maker.id,
      takerOrderId: taker.id,
      makerOwner: maker.owner,
      takerOwner: taker.owner,
      takerSide: taker.side,
      price,
      amount,
      quote,
    });
  }

  rested(node: OrderNode): void {
    this.listener({
      type: 'RESTED',
      seq: ++this.seq,
      orderId: node.id,
      owner: node.owner,
      side: node.side,
      price: node.price,
      remaining: node.remaining,
    });
  }

  cancelled(node: OrderNode, reason: CancelReason, remainingTotal: number): void {
    this.listener({
      type: 'CANCELLED',
      seq: ++this.seq,
      orderId: node.id,
      owner: node.owner,
      side: node.side,
      price: node.price,
      remaining: node.remaining,
      remainingTotal,
      reason,
    });
  }

  done(node: OrderNode, status: 'FILLED' | 'CANCELLED'): void {
    this.listener({
      type: 'DONE',
      seq: ++this.seq,
      orderId: node.id,
      owner: node.owner,
      side: node.side,
      status,
      filled: node.filled,
      filledQuote: node.filledQuote,
    });
  }

  stopPlaced(stop: StopOrder): void {
    this.listener({ type: 'STOP_PLACED', seq: ++this.seq, ...toPendingStop(stop) });
  }

  stopTriggered(stop: StopOrder): void {
    this.listener({
      type: 'STOP_TRIGGERED',
      seq: ++this.seq,
      orderId: stop.id,
      owner: stop.owner,
      side: stop.side,
      trigger: stop.trigger,
      direction: stop.direction,
      lastPrice: stop.lastPrice,
    });
  }

  /** CANCELLED then DONE of a stop that never became live: nothing filled, the whole order remains. */
  stopCancelled(stop: StopOrder, reason: CancelReason): void {
    this.listener({
      type: 'CANCELLED',
      seq: ++this.seq,
      orderId: stop.id,
      owner: stop.owner,
      side: stop.side,
      price: stop.price,
      remaining: stop.amount,
      remainingTotal: stop.total,
      reason,
    });
    this.listener({
      type: 'DONE',
      seq: ++this.seq,
      orderId: stop.id,
      owner: stop.owner,
      side: stop.side,
      status: 'CANCELLED',
      filled: 0,
      filledQuote: 0,
    });
  }
}
