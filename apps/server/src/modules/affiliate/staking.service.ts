import { type TStake, toBaseUnits } from '@fit24/contract';
import { toEpochSeconds } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import type { StakeRow, StakeSource } from '../../db/schema-affiliate.ts';
import type { UserAccountKind } from '../../db/schema-funds.ts';
import { AppError } from '../../http/app-error.ts';
import { parseAmount } from '../funds/assets.service.ts';
import * as history from '../funds/history.ts';
import * as idempotency from '../funds/idempotency.ts';
import * as ledger from '../ledger/ledger.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import type { AffiliateConfig } from './affiliate.config.ts';
import { fit, fitAsset, mustFind } from './affiliate.service.ts';
import * as network from './network.ts';
import { payFromPool } from './pool.ts';
import { checkRanks } from './ranks.service.ts';
import { percentOf, waterfall } from './rules.ts';

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
  const rows = await ctx.db
    .selectFrom('stakes')
    .selectAll()
    .where('affiliate_id', '=', affiliate.affiliate_id)
    .orderBy('stake_id', 'desc')
    .execute();
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
  key: string | null,
): Promise<TStake> {
  const route = `stakings.${source}`;
  const scope = key
    ? { userId, route, key, requestHash: idempotency.hashRequest({ amount: amountText }) }
    : null;
  if (scope) {
    const earlier = await idempotency.replay<TStake>(ctx.db, scope);
    if (earlier) return earlier;
  }
  const config = ctx.config.affiliate;
  const asset = await fitAsset(ctx.db);
  const amount = parseAmount(asset, amountText);
  const minimum = toBaseUnits(config.min_stake, asset.decimals)!;
  if (amount < minimum) {
    throw new AppError('UNPROCESSABLE', `The minimum stake is ${config.min_stake} FIT24.`, {
      amount: `must be at least ${config.min_stake}`,
    });
  }
  const affiliate = await mustFind(ctx.db, userId);
  const now = ctx.clock.now();

  const work = async (trx: Database): Promise<TStake> => {
    const row = await trx
      .insertInto('stakes')
      .values({ affiliate_id: affiliate.affiliate_id, amount, source, start_date: now, created_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    const held = await ledger.balanceOf(trx, userId, asset.asset_id, sourceAccount[source]);
    await ledger.post(trx, {
      kind: 'STAKE',
      refType: 'stake',
      refId: row.stake_id,
      now,
      legs: [
        {
          from: { userId, kind: sourceAccount[source] },
          to: { userId, kind: 'staked' },
          assetId: asset.asset_id,
          amount,
        },
      ],
      insufficientMessage: `Your ${sourceWords[source]} holds only ${fit(held)} FIT24.`,
    });
    await trx
      .insertInto('affiliate_transactions')
      .values({
        affiliate_id: affiliate.affiliate_id,
        tx_type: 'STAKE',
        source: 'STAKE',
        amount,
        note: `Staked from your ${sourceWords[source]}`,
        reward_day: null,
        created_at: now,
      })
      .execute();
    await history.record(trx, [
      {
        userId,
        assetId: asset.asset_id,
        type: 'STAKE',
        amount,
        status: 'COMPLETED',
        note: `Staked from your ${sourceWords[source]}`,
        refType: 'stake',
        refId: row.stake_id,
        now,
      },
    ]);
    await notify(trx, userId, {
      type: 'STAKE_CREATED',
      title: 'Stake created',
      body: `You staked ${fit(amount)} FIT24 from your ${sourceWords[source]}.`,
      now,
    });
    if (affiliate.sponsor_id) await boostSponsor(ctx, trx, affiliate.sponsor_id, amount, now);
    await payOfferBonuses(ctx, trx, row, asset.asset_id, userId, now);
    const chain = await network.uplines(trx, affiliate.affiliate_id, 1000);
    await checkRanks(
      ctx,
      trx,
      chain.map((u) => u.affiliateId),
      asset.asset_id,
    );
    return stakeRowToStake(row, config);
  };
  return ctx.db
    .transaction()
    .execute((trx) => (scope ? idempotency.once(trx, scope, now, () => work(trx)) : work(trx)));
}

/** A direct partner's stake is business for the sponsor: it fills their unboosted stakes, oldest first. */
async function boostSponsor(
  ctx: AppContext,
  trx: Database,
  sponsorId: bigint,
  business: bigint,
  now: Date,
): Promise<void> {
  const stakes = await trx
    .selectFrom('stakes')
    .selectAll()
    .where('affiliate_id', '=', sponsorId)
    .where('is_boosted', '=', false)
    .orderBy('stake_id')
    .forUpdate()
    .execute();
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
  if (changes.length === 0) return;
  for (const change of changes) {
    await trx
      .updateTable('stakes')
      .set({
        boost_progress: change.progress,
        ...(change.boosted ? { is_boosted: true, boosted_at: now } : {}),
      })
      .where('stake_id', '=', change.stakeId)
      .where('is_boosted', '=', false)
      .execute();
  }
  const boosted = changes.filter((c) => c.boosted);
  if (boosted.length > 0) {
    const sponsor = await trx
      .selectFrom('affiliates')
      .select('user_id')
      .where('affiliate_id', '=', sponsorId)
      .executeTakeFirstOrThrow();
    for (const change of boosted) {
      const row = stakes.find((s) => s.stake_id === change.stakeId)!;
      await notify(trx, sponsor.user_id, {
        type: 'STAKE_BOOSTED',
        title: 'Stake boosted',
        body: `Your stake of ${fit(row.amount)} FIT24 is boosted: it now earns ${Number(ctx.config.affiliate.boosted_yield_percent)} % a day.`,
        now,
      });
    }
  }
}

/** An offer open now pays its bonus on a stake of at least its minimum, from the pool, once per stake. */
async function payOfferBonuses(
  ctx: AppContext,
  trx: Database,
  row: StakeRow,
  fitAssetId: number,
  userId: bigint,
  now: Date,
): Promise<void> {
  const offers = await trx
    .selectFrom('offers')
    .selectAll()
    .where('start_date', '<=', now)
    .where('end_date', '>=', now)
    .where('min_stake', '<=', row.amount)
    .execute();
  for (const offer of offers) {
    const bonus = percentOf(row.amount, offer.bonus_percent);
    if (bonus <= 0n) continue;
    const paid = await payFromPool(trx, {
      fitAssetId,
      now,
      kind: 'OFFER_BONUS',
      refType: 'stake',
      refId: row.stake_id,
      payouts: [{ userId, amount: bonus }],
    });
    if (!paid) {
      ctx.log.error(
        { offer: offer.title, stake: String(row.stake_id) },
        'rewards pool cannot pay an offer bonus: fund the pool',
      );
      continue;
    }
    await trx
      .insertInto('offer_bonuses')
      .values({
        offer_id: offer.offer_id,
        stake_id: row.stake_id,
        affiliate_id: row.affiliate_id,
        amount: bonus,
      })
      .execute();
    await trx
      .insertInto('affiliate_transactions')
      .values({
        affiliate_id: row.affiliate_id,
        tx_type: 'REWARD',
        source: 'OFFER',
        amount: bonus,
        note: `Offer bonus: ${offer.title}`,
        reward_day: null,
        created_at: now,
      })
      .execute();
  }
}
