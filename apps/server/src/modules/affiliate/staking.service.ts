import { type TStake, toBaseUnits } from '@fit24/contract';
import { toEpochSeconds } from '../../clock.ts';
import type { AffiliateConfig } from '../../config-affiliate.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import type { AffiliateRow, StakeRow, StakeSource } from '../../db/schema-affiliate.ts';
import type { UserAccountKind } from '../../db/schema-funds.ts';
import { AppError } from '../../http/app-error.ts';
import { type IdempotencyClaim, transactOnce } from '../../http/idempotency.ts';
import { parseAmount } from '../funds/assets.service.ts';
import * as history from '../funds/history.ts';
import * as ledger from '../ledger/ledger.service.ts';
import { links, notify, notifyAll } from '../notifications/notifications.service.ts';
import * as affiliatesRepo from './affiliate.repository.ts';
import { fit, fitAsset, mustFind } from './affiliate.service.ts';
import * as network from './network.repository.ts';
import { payOfferBonuses } from './offers.service.ts';
import { checkRanks } from './ranks.service.ts';
import { waterfall } from './rules.ts';
import * as stakesRepo from './stakes.repository.ts';
import * as transactionsRepo from './transactions.repository.ts';

const sourceAccount: Record<StakeSource, UserAccountKind> = {
  AVAILABLE: 'available',
  LOCKED: 'locked',
  WALLET: 'affiliate_wallet',
};
const sourceWords: Record<StakeSource, string> = {
  AVAILABLE: 'available balance',
  LOCKED: 'locked balance',
  WALLET: 'affiliate wallet',
};

export function stakeRowToStake(row: StakeRow, config: AffiliateConfig): TStake {
  return {
    stake_id: Number(row.stake_id),
    amount: fit(row.amount),
    start_date: toEpochSeconds(row.start_date),
    boost_progress: fit(row.boost_progress),
    is_boosted: row.is_boosted ? 1 : 0,
    creation_date: toEpochSeconds(row.created_at),
    yield: String(Number(row.is_boosted ? config.boosted_yield_percent : config.yield_percent)),
    source: row.source,
  };
}

export async function listStakes(ctx: AppContext, userId: bigint): Promise<TStake[]> {
  const affiliate = await mustFind(ctx.db, userId);
  const rows = await stakesRepo.listOf(ctx.db, affiliate.affiliate_id);
  return rows.map((row) => stakeRowToStake(row, ctx.config.affiliate));
}

/**
 * A new stake from one of the user's FIT24 balances: the money moves to `staked`, the sponsor's stakes
 * are boosted by the waterfall, an open offer pays its bonus, and the uplines' ranks are checked.
 */
export async function stake(
  ctx: AppContext,
  userId: bigint,
  source: StakeSource,
  amountText: string,
  claim: IdempotencyClaim | null,
): Promise<TStake> {
  const config = ctx.config.affiliate;
  const asset = await fitAsset(ctx.db);
  const amount = parseAmount(asset, amountText);
  const minimum = toBaseUnits(config.min_stake, asset.decimals)!;
  if (amount < minimum) {
    throw new AppError('UNPROCESSABLE', `The minimum stake is ${fit(minimum)} FIT24.`, {
      amount: `must be at least ${fit(minimum)}`,
    });
  }
  const affiliate = await mustFind(ctx.db, userId);
  const now = ctx.clock.now();

  const work = (trx: Database): Promise<TStake> =>
    createStake(ctx, trx, { userId, affiliate, source, amount, fitAssetId: asset.asset_id, now });
  // The key keeps the route's data, `{ stake }`: the HTTP layer answers a repeat with it.
  const answer = await transactOnce(ctx.db, claim, now, async (trx) => ({ stake: await work(trx) }));
  return answer.stake;
}

interface NewStake {
  userId: bigint;
  affiliate: AffiliateRow;
  source: StakeSource;
  amount: bigint;
  fitAssetId: number;
  now: Date;
}

/** The stake's writes, in the caller's transaction: money, records, boosts, offers, ranks. */
async function createStake(ctx: AppContext, trx: Database, stake: NewStake): Promise<TStake> {
  const { affiliate, amount, fitAssetId, now } = stake;
  const row = await stakesRepo.insert(trx, {
    affiliateId: affiliate.affiliate_id,
    amount,
    source: stake.source,
    now,
  });
  await moveToStaked(trx, stake, row.stake_id);
  await recordStake(trx, stake, row.stake_id);
  if (affiliate.sponsor_id) await boostSponsor(ctx, trx, affiliate.sponsor_id, amount, now);
  await payOfferBonuses(ctx, trx, row, fitAssetId, stake.userId, now);
  const chain = await network.uplines(trx, affiliate.affiliate_id, 1000);
  await checkRanks(
    ctx,
    trx,
    chain.map((u) => u.affiliateId),
    fitAssetId,
  );
  return stakeRowToStake(row, ctx.config.affiliate);
}

/** The ledger side: from the chosen balance to `staked`, or a 422 naming what that balance holds. */
async function moveToStaked(trx: Database, stake: NewStake, stakeId: bigint): Promise<void> {
  const { userId, source, amount, fitAssetId } = stake;
  const held = await ledger.balanceOf(trx, userId, fitAssetId, sourceAccount[source]);
  await ledger.post(trx, {
    kind: 'STAKE',
    refType: 'stake',
    refId: stakeId,
    now: stake.now,
    legs: [
      {
        from: { userId, kind: sourceAccount[source] },
        to: { userId, kind: 'staked' },
        assetId: fitAssetId,
        amount,
      },
    ],
    insufficientMessage: `Your ${sourceWords[source]} holds only ${fit(held)} FIT24.`,
  });
}

/** The affiliate wallet's line, the user's history line and the notification of a new stake. */
async function recordStake(trx: Database, stake: NewStake, stakeId: bigint): Promise<void> {
  const { userId, source, amount, now } = stake;
  const note = `Staked from your ${sourceWords[source]}`;
  await transactionsRepo.insertOne(trx, {
    affiliateId: stake.affiliate.affiliate_id,
    type: 'STAKE',
    source: 'STAKE',
    amount,
    note,
    rewardDay: null,
    now,
  });
  await history.record(trx, [
    {
      userId,
      assetId: stake.fitAssetId,
      type: 'STAKE',
      amount,
      status: 'COMPLETED',
      note,
      refType: 'stake',
      refId: stakeId,
      now,
    },
  ]);
  await notify(trx, userId, {
    type: 'STAKE_CREATED',
    params: { amount: fit(amount), source },
    link: links.stake,
    now,
  });
}

/** A direct partner's stake is business for the sponsor: it fills their unboosted stakes, oldest first. */
async function boostSponsor(
  ctx: AppContext,
  trx: Database,
  sponsorId: bigint,
  business: bigint,
  now: Date,
): Promise<void> {
  const stakes = await stakesRepo.lockUnboosted(trx, sponsorId);
  const changes = waterfall(
    stakes.map((s) => ({
      stakeId: s.stake_id,
      amount: s.amount,
      startDate: s.start_date,
      progress: s.boost_progress,
    })),
    business,
    now,
    ctx.config.affiliate,
  );
  await stakesRepo.setBoosts(trx, changes, now);
  const boosted = changes.filter((c) => c.boosted);
  if (boosted.length === 0) return;
  const sponsorUserId = await affiliatesRepo.userIdOf(trx, sponsorId);
  const percent = String(Number(ctx.config.affiliate.boosted_yield_percent));
  await notifyAll(
    trx,
    boosted.map((change) => ({
      userId: sponsorUserId,
      type: 'STAKE_BOOSTED' as const,
      params: { amount: fit(stakes.find((s) => s.stake_id === change.stakeId)!.amount), percent },
      link: links.stake,
      now,
    })),
  );
}
