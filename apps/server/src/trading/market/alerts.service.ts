import { toBaseUnits } from '@fit24/contract';
import { toEpochSeconds } from '../../clock.ts';
import type { AlertRow } from '../../db/schema-trading.ts';
import { AppError, badRequest, notFound } from '../../http/app-error.ts';
import * as usersRepo from '../../modules/account/users.repository.ts';
import type { TradingContext } from '../context.ts';
import * as alertsRepo from './alerts.repository.ts';
import { type MarketInfo, show } from './units.ts';

/** Active alerts one user may keep. */
export const MAX_ACTIVE_ALERTS = 50;

function alertRowToAlert(m: MarketInfo, row: AlertRow) {
  return {
    alert_id: Number(row.alert_id),
    market_id: row.market_id,
    symbol: m.symbol,
    condition: row.condition,
    price: show.price(m, row.price),
    status: row.status,
    creation_date: toEpochSeconds(row.created_at),
    triggered_date: row.triggered_at ? toEpochSeconds(row.triggered_at) : null,
  };
}

/**
 * A price alert: it fires once, as a PRICE_ALERT notification, at the first trade at or above (ABOVE) or at
 * or below (BELOW) its price; the market's worker fires it in the batch that commits that trade.
 */
export async function createAlert(
  ctx: TradingContext,
  userId: bigint,
  input: { market_id: number; condition: 'ABOVE' | 'BELOW'; price: string },
) {
  const m = ctx.engine.worker(input.market_id).market;
  const price = toBaseUnits(input.price, m.priceDecimals);
  if (price === null) {
    throw badRequest(`${m.symbol} prices have at most ${m.priceDecimals} decimals.`, {
      price: `must have at most ${m.priceDecimals} decimals`,
    });
  }
  if (price === 0n)
    throw badRequest('The price must be more than zero.', { price: 'must be more than zero' });
  return ctx.db.transaction().execute(async (trx) => {
    // The user's row lock makes count-then-insert one step: parallel creates never pass the limit.
    await usersRepo.lockById(trx, userId);
    if ((await alertsRepo.countActive(trx, userId)) >= MAX_ACTIVE_ALERTS) {
      throw new AppError('UNPROCESSABLE', `You can keep at most ${MAX_ACTIVE_ALERTS} active alerts.`);
    }
    const row = await alertsRepo.insert(trx, {
      user_id: userId,
      market_id: m.marketId,
      condition: input.condition,
      price,
      status: 'ACTIVE',
      created_at: ctx.clock.now(),
    });
    return alertRowToAlert(m, row);
  });
}

export async function listAlerts(ctx: TradingContext, userId: bigint) {
  const rows = await alertsRepo.listOfUser(ctx.db, userId);
  return rows.map((row) => alertRowToAlert(ctx.engine.worker(row.market_id).market, row));
}

/** Deletes the caller's alert and answers it as it was; another user's alert is 404. */
export async function deleteAlert(ctx: TradingContext, userId: bigint, alertId: number) {
  const row = await alertsRepo.deleteOwned(ctx.db, userId, BigInt(alertId));
  if (!row) throw notFound('You have no alert with this id.');
  return alertRowToAlert(ctx.engine.worker(row.market_id).market, row);
}
