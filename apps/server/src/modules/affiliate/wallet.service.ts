import { type TAffiliateTransaction, toBaseUnits } from '@fit24/contract';
import { toEpochSeconds } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { parseAmount } from '../funds/assets.service.ts';
import * as history from '../funds/history.ts';
import * as idempotency from '../funds/idempotency.ts';
import * as ledger from '../ledger/ledger.service.ts';
import { fit, fitAsset, mustFind } from './affiliate.service.ts';
import { isoDay, weekStart } from './rules.ts';

export async function wallet(ctx: AppContext, userId: bigint) {
  const affiliate = await mustFind(ctx.db, userId);
  const asset = await fitAsset(ctx.db);
  const [balance, claimed] = await Promise.all([
    ledger.balanceOf(ctx.db, userId, asset.asset_id, 'affiliate_wallet'),
    ctx.db
      .selectFrom('affiliate_transactions')
      .select((eb) => eb.fn.sum<string | null>('amount').as('total'))
      .where('affiliate_id', '=', affiliate.affiliate_id)
      .where('tx_type', '=', 'WITHDRAWAL')
      .executeTakeFirst(),
  ]);
  return {
    wallet: {
      balance: fit(balance),
      total_claimed: fit(BigInt(claimed?.total ?? '0')),
      min_claim: ctx.config.affiliate.min_claim,
    },
  };
}

type ClaimAnswer = { claim: { amount: string; creation_date: number } };

/** Moves the affiliate wallet (all of it, or `amount`) to available FIT24. */
export async function claim(
  ctx: AppContext,
  userId: bigint,
  amountText: string | undefined,
  key: string | null,
): Promise<ClaimAnswer> {
  const scope = key
    ? {
        userId,
        route: 'affiliate.walletClaim',
        key,
        requestHash: idempotency.hashRequest({ amount: amountText ?? null }),
      }
    : null;
  if (scope) {
    const earlier = await idempotency.replay<ClaimAnswer>(ctx.db, scope);
    if (earlier) return earlier;
  }
  const affiliate = await mustFind(ctx.db, userId);
  const asset = await fitAsset(ctx.db);
  const requested = amountText === undefined ? null : parseAmount(asset, amountText);
  const minimum = toBaseUnits(ctx.config.affiliate.min_claim, asset.decimals)!;
  const now = ctx.clock.now();
  const work = async (trx: Database): Promise<ClaimAnswer> => {
    const balance = await ledger.balanceOf(trx, userId, asset.asset_id, 'affiliate_wallet');
    if (balance === 0n) throw new AppError('UNPROCESSABLE', 'Your affiliate wallet is empty.');
    const amount = requested ?? balance;
    if (amount > balance)
      throw new AppError('UNPROCESSABLE', `Your affiliate wallet holds only ${fit(balance)} FIT24.`, {
        amount: `must be at most ${fit(balance)}`,
      });
    if (amount < minimum)
      throw new AppError('UNPROCESSABLE', `The minimum claim is ${ctx.config.affiliate.min_claim} FIT24.`, {
        amount: `must be at least ${ctx.config.affiliate.min_claim}`,
      });
    const entryId = await ledger.post(trx, {
      kind: 'AFFILIATE_CLAIM',
      now,
      legs: [
        {
          from: { userId, kind: 'affiliate_wallet' },
          to: { userId, kind: 'available' },
          assetId: asset.asset_id,
          amount,
        },
      ],
    });
    await trx
      .insertInto('affiliate_transactions')
      .values({
        affiliate_id: affiliate.affiliate_id,
        tx_type: 'WITHDRAWAL',
        source: 'CLAIM',
        amount,
        note: 'Claimed to your FIT24 wallet',
        reward_day: null,
        created_at: now,
      })
      .execute();
    await history.record(trx, [
      {
        userId,
        assetId: asset.asset_id,
        type: 'CLAIM',
        amount,
        status: 'COMPLETED',
        note: 'Claimed from your affiliate wallet',
        refType: 'journal',
        refId: entryId,
        now,
      },
    ]);
    return { claim: { amount: fit(amount), creation_date: toEpochSeconds(now) } };
  };
  return ctx.db
    .transaction()
    .execute((trx) => (scope ? idempotency.once(trx, scope, now, () => work(trx)) : work(trx)));
}

export async function income(ctx: AppContext, userId: bigint) {
  const affiliate = await mustFind(ctx.db, userId);
  const now = ctx.clock.now();
  const todayStart = new Date(`${isoDay(now)}T00:00:00Z`);
  const weekBegin = new Date(`${weekStart(now)}T00:00:00Z`);
  const row = await ctx.db
    .selectFrom('affiliate_transactions')
    .select((eb) => [
      eb.fn.sum<string | null>('amount').as('total'),
      eb.fn.sum<string | null>('amount').filterWhere('created_at', '>=', todayStart).as('today'),
      eb.fn.sum<string | null>('amount').filterWhere('created_at', '>=', weekBegin).as('week'),
      eb.fn.sum<string | null>('amount').filterWhere('source', '=', 'STAKING').as('staking'),
      eb.fn.sum<string | null>('amount').filterWhere('source', '=', 'LEVEL').as('level'),
      eb.fn.sum<string | null>('amount').filterWhere('source', '=', 'RANK').as('rank'),
      eb.fn.sum<string | null>('amount').filterWhere('source', '=', 'OFFER').as('offer'),
    ])
    .where('affiliate_id', '=', affiliate.affiliate_id)
    .where('tx_type', '=', 'REWARD')
    .executeTakeFirstOrThrow();
  const money = (v: string | null) => fit(BigInt(v ?? '0'));
  return {
    income: {
      total_income: money(row.total),
      today: money(row.today),
      this_week: money(row.week),
      staking: money(row.staking),
      level: money(row.level),
      rank: money(row.rank),
      offer: money(row.offer),
    },
  };
}

const TRANSACTIONS_SHOWN = 100;

export async function transactions(ctx: AppContext, userId: bigint, type?: TAffiliateTransaction['tx_type']) {
  const affiliate = await mustFind(ctx.db, userId);
  let query = ctx.db
    .selectFrom('affiliate_transactions')
    .selectAll()
    .where('affiliate_id', '=', affiliate.affiliate_id)
    .orderBy('tx_id', 'desc')
    .limit(TRANSACTIONS_SHOWN);
  if (type) query = query.where('tx_type', '=', type);
  const rows = await query.execute();
  return {
    transactions: rows.map((r) => ({
      tx_id: Number(r.tx_id),
      tx_type: r.tx_type,
      note: r.note,
      amount: fit(r.amount),
      creation_date: toEpochSeconds(r.created_at),
    })),
  };
}
