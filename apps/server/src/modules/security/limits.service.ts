import { fromBaseUnits, type TWithdrawLimits, toBaseUnits } from '@fit24/contract';
import { toEpochSeconds } from '../../clock.ts';
import type { AppConfig } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import type { AssetRow } from '../../db/schema-funds.ts';
import { AppError } from '../../http/app-error.ts';
import * as usersRepo from '../account/users.repository.ts';
import { usdCentsPricer } from '../funds/assets.service.ts';
import * as repo from './limits.repository.ts';
import { utcMinute } from './security-messages.ts';

/**
 * KYC tiers: how much US-dollar value may leave an account by withdrawal in any rolling 24 hours
 * (`KYC_WITHDRAW_LIMITS_USD`). Transfers stay inside the exchange and are not counted.
 */

export type Tier = 'UNVERIFIED' | 'VERIFIED';
export const WINDOW_HOURS = 24;
const WINDOW_MS = WINDOW_HOURS * 3600 * 1000;
const TIERS: Tier[] = ['UNVERIFIED', 'VERIFIED'];

/** An approved KYC makes an account VERIFIED; any other status (none, pending, rejected) is UNVERIFIED. */
export const tierOf = (kycStatus: string): Tier => (kycStatus === 'APPROVED' ? 'VERIFIED' : 'UNVERIFIED');

/** The tier's limit in cents (the configuration has at most two decimals, checked when it is read). */
export const limitCents = (config: AppConfig, tier: Tier): bigint =>
  toBaseUnits(config.withdrawLimitsUsd[tier], 2) ?? 0n;

const sumCents = (rows: ReadonlyArray<{ usd_cents: bigint }>) =>
  rows.reduce((sum, w) => sum + w.usd_cents, 0n);
const usd = (cents: bigint) => `${fromBaseUnits(cents, 2)} USD`;

/**
 * Checks a withdrawal against the user's limit and answers its value in cents, to be stored on it.
 * The value is the amount (not the fee) at the last price of the asset's USDT market, rounded up — the
 * same valuation as the balances' `usd_value`; an asset that has no price yet is valued 0 and so is not
 * limited. Call it in the transaction that inserts the withdrawal, on the user's row locked by
 * `usersRepo.lockById`: parallel withdrawals of one user then check and insert one at a time, and
 * together never pass the limit. Over the limit: 422 with `until`, when enough of the window frees up.
 */
export async function withdrawalUsdCents(
  trx: Database,
  config: AppConfig,
  user: UserRow,
  asset: AssetRow,
  amount: bigint,
  now: Date,
): Promise<bigint> {
  const cents = (await usdCentsPricer(trx, 'up'))(asset, amount);
  const counted = await repo.countedSince(trx, user.user_id, new Date(now.getTime() - WINDOW_MS));
  const used = sumCents(counted);
  const tier = tierOf(user.kyc_status);
  const limit = limitCents(config, tier);
  if (used + cents <= limit) return cents;

  // The moment enough of the oldest withdrawals leave the window for this one to fit.
  let until: Date | undefined;
  let freed = 0n;
  for (const w of counted) {
    freed += w.usd_cents;
    if (cents <= limit && used - freed + cents <= limit) {
      until = new Date(w.created_at.getTime() + WINDOW_MS);
      break;
    }
  }
  const left = used >= limit ? 0n : limit - used;
  const raise =
    tier === 'UNVERIFIED'
      ? ` Verify your identity (KYC) to raise it to ${usd(limitCents(config, 'VERIFIED'))}.`
      : '';
  const when = until ? ` More becomes available at ${utcMinute(until)}.` : '';
  throw new AppError(
    'UNPROCESSABLE',
    `This withdrawal (${usd(cents)}) is over your limit of ${usd(limit)} per ${WINDOW_HOURS} hours: ${usd(left)} is left.${when}${raise}`,
    { amount: `must be worth at most ${usd(left)} now` },
    undefined,
    until ? toEpochSeconds(until) : undefined,
  );
}

/** The user's tier, limit and what the last 24 hours used of it, for the KYC and withdraw screens. */
export async function limitsOf(ctx: AppContext, userId: bigint): Promise<TWithdrawLimits> {
  const user = await usersRepo.findById(ctx.db, userId);
  if (!user) throw new AppError('SESSION_INVALID');
  const since = new Date(ctx.clock.now().getTime() - WINDOW_MS);
  const used = sumCents(await repo.countedSince(ctx.db, userId, since));
  const tier = tierOf(user.kyc_status);
  const limit = limitCents(ctx.config, tier);
  return {
    kyc_status: user.kyc_status as TWithdrawLimits['kyc_status'],
    tier,
    limit_usd: fromBaseUnits(limit, 2),
    used_usd: fromBaseUnits(used, 2),
    remaining_usd: fromBaseUnits(used >= limit ? 0n : limit - used, 2),
    window_hours: WINDOW_HOURS,
    tiers: TIERS.map((t) => ({ tier: t, limit_usd: fromBaseUnits(limitCents(ctx.config, t), 2) })),
  };
}
