import { fromBaseUnits, toBaseUnits } from '@fit24/contract';
import { toEpochSeconds } from '../../clock.ts';
import { badRequest } from '../../http/app-error.ts';
import type { HandlerMap } from '../../http/contract-routes.ts';
import { parseAmount } from '../funds/assets.service.ts';
import { idempotencyKey } from '../funds/idempotency.ts';
import * as affiliates from './affiliate.service.ts';
import { fit, fitAsset, mustFind } from './affiliate.service.ts';
import { fundPool } from './pool.ts';
import { listRanks } from './ranks.service.ts';
import * as rewards from './rewards.service.ts';
import { isoDay } from './rules.ts';
import * as staking from './staking.service.ts';
import * as wallet from './wallet.service.ts';

export const affiliateHandlers: HandlerMap = {
  'affiliate.get': async (ctx) => ({
    affiliate: await affiliates.profile(ctx.db, await mustFind(ctx.db, ctx.auth!.userId)),
  }),
  'affiliate.register': async (ctx, { body }) => ({
    affiliate: await affiliates.register(ctx, ctx.auth!.userId, body.referral_code),
  }),
  'affiliate.code': (ctx, { query }) => affiliates.lookupCode(ctx.db, query.code),
  'affiliate.directs': async (ctx) => ({
    directs: await affiliates.directs(ctx.db, (await mustFind(ctx.db, ctx.auth!.userId)).affiliate_id),
  }),
  'affiliate.levelBusiness': async (ctx) => ({
    levels: await affiliates.levelBusiness(
      ctx.db,
      (await mustFind(ctx.db, ctx.auth!.userId)).affiliate_id,
      ctx.config.affiliate.level_income_percent.length,
    ),
  }),
  'stakings.list': async (ctx) => ({ stakes: await staking.listStakes(ctx, ctx.auth!.userId) }),
  'stakings.add': async (ctx, { body }) => ({
    stake: await staking.stake(ctx, ctx.auth!.userId, 'AVAILABLE', body.amount, idempotencyKey(ctx.request)),
  }),
  'stakings.addLocked': async (ctx, { body }) => ({
    stake: await staking.stake(ctx, ctx.auth!.userId, 'LOCKED', body.amount, idempotencyKey(ctx.request)),
  }),
  'stakings.addWallet': async (ctx, { body }) => ({
    stake: await staking.stake(ctx, ctx.auth!.userId, 'WALLET', body.amount, idempotencyKey(ctx.request)),
  }),
  'affiliate.surge': (ctx) => rewards.surgeAnswer(ctx, 0),
  'affiliate.surgePrevious': (ctx) => rewards.surgeAnswer(ctx, 1),
  'affiliate.income': (ctx) => wallet.income(ctx, ctx.auth!.userId),
  'affiliate.wallet': (ctx) => wallet.wallet(ctx, ctx.auth!.userId),
  'affiliate.walletClaim': (ctx, { body }) =>
    wallet.claim(ctx, ctx.auth!.userId, body.amount, idempotencyKey(ctx.request)),
  'affiliate.transactions': (ctx) => wallet.transactions(ctx, ctx.auth!.userId),
  'affiliate.transactionsByType': (ctx, { query }) => wallet.transactions(ctx, ctx.auth!.userId, query.type),
  'affiliate.ranks': async (ctx) =>
    listRanks(ctx.db, (await mustFind(ctx.db, ctx.auth!.userId)).affiliate_id),
  'affiliate.offers': async (ctx) => {
    const affiliate = await mustFind(ctx.db, ctx.auth!.userId);
    const [offers, joined] = await Promise.all([
      ctx.db.selectFrom('offers').selectAll().orderBy('start_date', 'desc').execute(),
      ctx.db
        .selectFrom('offer_bonuses')
        .select('offer_id')
        .where('affiliate_id', '=', affiliate.affiliate_id)
        .execute(),
    ]);
    const mine = new Set(joined.map((j) => j.offer_id));
    return {
      offers: offers.map((o) => ({
        offer_id: o.offer_id,
        title: o.title,
        description: o.description,
        start_date: toEpochSeconds(o.start_date),
        end_date: toEpochSeconds(o.end_date),
        min_stake: fit(o.min_stake),
        bonus_percent: String(Number(o.bonus_percent)),
        joined: mine.has(o.offer_id) ? (1 as const) : (0 as const),
      })),
    };
  },

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
    const row = await ctx.db
      .insertInto('ranks')
      .values({
        name: body.name,
        required_business: amount(body.required_business, 'required_business'),
        required_directs: body.required_directs,
        reward: amount(body.reward, 'reward'),
      })
      .onConflict((oc) =>
        oc.column('name').doUpdateSet((eb) => ({
          required_business: eb.ref('excluded.required_business'),
          required_directs: eb.ref('excluded.required_directs'),
          reward: eb.ref('excluded.reward'),
        })),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
    return {
      rank: {
        rank_id: row.rank_id,
        name: row.name,
        required_business: fit(row.required_business),
        required_directs: row.required_directs,
        reward: fit(row.reward),
      },
    };
  },
  'ops.offers': async (ctx, { body }) => {
    const asset = await fitAsset(ctx.db);
    const minStake = parseAmount(asset, body.min_stake, 'min_stake');
    const percent = toBaseUnits(body.bonus_percent, 2);
    if (percent === null || percent > 100_00n)
      throw badRequest('The bonus is a percent from 0 to 100 with 2 decimals.', {
        bonus_percent: 'must be 0 to 100',
      });
    const row = await ctx.db
      .insertInto('offers')
      .values({
        title: body.title,
        description: body.description,
        start_date: new Date(body.start_date * 1000),
        end_date: new Date(body.end_date * 1000),
        min_stake: minStake,
        bonus_percent: body.bonus_percent,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return {
      offer: {
        offer_id: row.offer_id,
        title: row.title,
        description: row.description,
        start_date: toEpochSeconds(row.start_date),
        end_date: toEpochSeconds(row.end_date),
        min_stake: fit(row.min_stake),
        bonus_percent: String(Number(row.bonus_percent)),
      },
    };
  },
};
