// Stage 2 of 4 — MATCH: the batch's commands run through the market's engine in arrival order; the
// engine's events (gathered by the worker) are what stage 3 settles. No I/O: the book moves in memory
// before the batch commits, which is why a failed commit rebuilds it (worker.ts).
import { type Engine, ResultCode } from '@fit24/engine';
import type { OrderRow } from '../../db/schema-trading.ts';
import { toPlacedOrder } from '../cluster/recovery.ts';
import type { MarketInfo } from '../market/units.ts';
import { runPlaced } from './market.ts';
import { legsOf, type PlacedOrder } from './settle.ts';

/** A command of the batch, as the engine takes it. */
export type MatchCommand =
  /** A new order stage 1 admitted (its row, and an OCO's stop leg), or did not (null: nothing to match). */
  | { kind: 'open'; row: OrderRow | null; ocoRow?: OrderRow }
  /** An order held before (a restart, another process) and matched now. */
  | { kind: 'replay'; order: PlacedOrder }
  | { kind: 'cancel'; orderId: number };

export interface Matched {
  /** The engine's result code of each command, in order. */
  codes: number[];
  /** The new orders matched, by id: their rows, which stage 3's outcomes then bring up to date. */
  opened: Map<number, OrderRow>;
  /** Every order placed in the batch (new and replayed; an OCO's two legs apart), in engine units, by id. */
  placed: Map<number, PlacedOrder>;
  /** Every placement as the engine ran it (an OCO as one), by its (limit leg's) id. */
  ran: Map<number, PlacedOrder>;
}

export function match(engine: Engine, m: MarketInfo, commands: readonly MatchCommand[]): Matched {
  const opened = new Map<number, OrderRow>();
  const placed = new Map<number, PlacedOrder>();
  const ran = new Map<number, PlacedOrder>();
  const codes = commands.map((command) => {
    if (command.kind === 'cancel') return engine.cancel(command.orderId);
    let order: PlacedOrder;
    if (command.kind === 'open') {
      if (command.row === null) return ResultCode.OK;
      order = toPlacedOrder(m, command.row, command.ocoRow);
      opened.set(order.orderId, command.row);
      if (command.ocoRow) opened.set(Number(command.ocoRow.order_id), command.ocoRow);
    } else {
      order = command.order;
    }
    ran.set(order.orderId, order);
    for (const leg of legsOf(order)) placed.set(leg.orderId, leg);
    return runPlaced(engine, order);
  });
  return { codes, opened, placed, ran };
}
