import { fromBaseUnits, toBaseUnits } from '@fit24/contract';
import { badRequest } from '../../http/app-error.ts';
import { defineHandlers } from '../../http/contract-routes.ts';
import { parseAmount } from '../funds/assets.service.ts';
import * as affiliates from './affiliate.service.ts';
import { fitAsset, mustFind } from './affiliate.service.ts';
import { createOffer, listOffers } from './offers.service.ts';
import { fundPool } from './pool.ts';
import { listRanks, saveRank } from './ranks.service.ts';
import * as rewards from './rewards.service.ts';
import { isoDay } from './rules.ts';
import * as staking from './staking.service.ts';
import * as wallet from './wallet.service.ts';

export const affiliateHandlers = defineHandlers({
  'affiliate.get': async (ctx) => ({
    affiliate: await affiliates.profile(ctx.db, await mustFind(ctx.db, ctx.auth.userId)),
  }),
  'affiliate.register': async (ctx, { body }) => ({
    affiliate: await affiliates.register(ctx, ctx.auth.userId, body.referral_code),
  }),
  'affiliate.programme': (ctx) => affiliates.programme(ctx.config.affiliate),
  'affiliate.code': (ctx, { query }) => affiliates.lookupCode(ctx.db, query.code),
  'affiliate.directs': async (ctx) => ({
    directs: await affiliates.directs(ctx.db, (await mustFind(ctx.db, ctx.auth.userId)).affiliate_id),
  }),
  'affiliate.levelBusiness': async (ctx) => ({
    levels: await affiliates.levelBusiness(
      ctx.db,
      (await mustFind(ctx.db, ctx.auth.userId)).affiliate_id,
      ctx.config.affiliate.level_income_percent.length,
    ),
  }),
  'stakings.list': async (ctx) => ({ stakes: await staking.listStakes(ctx, ctx.auth.userId) }),
  'stakings.add': async (ctx, { body }) => ({
    stake: await staking.stake(ctx, ctx.auth.userId, 'AVAILABLE', body.amount, ctx.idempotency),
  }),
  'stakings.addLocked': async (ctx, { body }) => ({
    stake: await staking.stake(ctx, ctx.auth.userId, 'LOCKED', body.amount, ctx.idempotency),
  }),
  'stakings.addWallet': async (ctx, { body }) => ({
    stake: await staking.stake(ctx, ctx.auth.userId, 'WALLET', body.amount, ctx.idempotency),
  }),
  'affiliate.surge': (ctx) => rewards.surgeAnswer(ctx, 0),
  'affiliate.surgePrevious': (ctx) => rewards.surgeAnswer(ctx, 1),
  'affiliate.income': (ctx) => wallet.income(ctx, ctx.auth.userId),
  'affiliate.wallet': (ctx) => wallet.wallet(ctx, ctx.auth.userId),
  'affiliate.walletClaim': (ctx, { body }) =>
    wallet.claim(ctx, ctx.auth.userId, body.amount, ctx.idempotency),
  'affiliate.transactions': (ctx) => wallet.transactions(ctx, ctx.auth.userId),
  'affiliate.transactionsByType': (ctx, { query }) => wallet.transactions(ctx, ctx.auth.userId, query.type),
  'affiliate.ranks': async (ctx) => listRanks(ctx.db, (await mustFind(ctx.db, ctx.auth.userId)).affiliate_id),
  'affiliate.offers': async (ctx) =>
    listOffers(ctx.db, (await mustFind(ctx.db, ctx.auth.userId)).affiliate_id),

  'ops.poolFund': async (ctx, { body }) => {
    const asset = await fitAsset(ctx.db);
    const amount = parseAmount(asset, body.amount);
    const balance = await ctx.db
      .transaction()
      .execute((trx) => fundPool(trx, asset.asset_id, amount, ctx.clock.now()));
    return { pool: { balance: fromBaseUnits(balance, asset.decimals) } };
  },
  'ops.surge': (ctx, { body }) => rewards.setSurge(ctx, body.week_start, body.surge),
  'ops.rewardsRun': (ctx, { body }) => rewards.runDay(ctx, body.date ?? isoDay(ctx.clock.now())),
  'ops.ranks': async (ctx, { body }) => {
    const asset = await fitAsset(ctx.db);
    const amount = (text: string, field: string) => {
      const units = toBaseUnits(text, asset.decimals);
      if (units === null)
        throw badRequest(`${field} has too many decimals.`, { [field]: 'must have at most 8 decimals' });
      return units;
    };
    return saveRank(ctx.db, {
      name: body.name,
      required_business: amount(body.required_business, 'required_business'),
      required_directs: body.required_directs,
      reward: amount(body.reward, 'reward'),
    });
  },
  'ops.offers': async (ctx, { body }) => {
    const asset = await fitAsset(ctx.db);
    const minStake = parseAmount(asset, body.min_stake, 'min_stake');
    const percent = toBaseUnits(body.bonus_percent, 2);
    if (percent === null || percent > 100_00n)
      throw badRequest('The bonus is a percent from 0 to 100 with 2 decimals.', {
        bonus_percent: 'must be 0 to 100',
      });
    return createOffer(ctx.db, {
      title: body.title,
      description: body.description,
      startDate: new Date(body.start_date * 1000),
      endDate: new Date(body.end_date * 1000),
      minStake,
      bonusPercent: body.bonus_percent,
    });
  },
});
