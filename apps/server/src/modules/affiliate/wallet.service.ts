import { type TAffiliateTransaction, toBaseUnits } from '@fit24/contract';
import { toEpochSeconds } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import type { AffiliateRow } from '../../db/schema-affiliate.ts';
import { AppError } from '../../http/app-error.ts';
import { type IdempotencyClaim, transactOnce } from '../../http/idempotency.ts';
import { parseAmount } from '../funds/assets.service.ts';
import * as history from '../funds/history.ts';
import * as ledger from '../ledger/ledger.service.ts';
import { fit, fitAsset, mustFind } from './affiliate.service.ts';
import { isoDay, weekStart } from './rules.ts';
import * as transactionsRepo from './transactions.repository.ts';

export async function wallet(ctx: AppContext, userId: bigint) {
  const affiliate = await mustFind(ctx.db, userId);
  const asset = await fitAsset(ctx.db);
  const [balance, claimed] = await Promise.all([
    ledger.balanceOf(ctx.db, userId, asset.asset_id, 'affiliate_wallet'),
    transactionsRepo.totalClaimed(ctx.db, affiliate.affiliate_id),
  ]);
  return {
    wallet: {
      balance: fit(balance),
      total_claimed: fit(claimed),
      min_claim: fit(toBaseUnits(ctx.config.affiliate.min_claim, asset.decimals)!),
    },
  };
}

type ClaimAnswer = { claim: { amount: string; creation_date: number } };

/** Moves the affiliate wallet (all of it, or `amount`) to available FIT24. */
export async function claim(
  ctx: AppContext,
  userId: bigint,
  amountText: string | undefined,
  idempotency: IdempotencyClaim | null,
): Promise<ClaimAnswer> {
  const affiliate = await mustFind(ctx.db, userId);
  const asset = await fitAsset(ctx.db);
  const requested = amountText === undefined ? null : parseAmount(asset, amountText);
  const minimum = toBaseUnits(ctx.config.affiliate.min_claim, asset.decimals)!;
  const now = ctx.clock.now();
  const work = (trx: Database): Promise<ClaimAnswer> =>
    claimInside(trx, { userId, affiliate, fitAssetId: asset.asset_id, requested, minimum, now });
  return transactOnce(ctx.db, idempotency, now, work);
}

/** The claim's checks and writes, in the caller's transaction; the ledger's guarded update has the last word. */
async function claimInside(
  trx: Database,
  claim: {
    userId: bigint;
    affiliate: AffiliateRow;
    fitAssetId: number;
    requested: bigint | null;
    minimum: bigint;
    now: Date;
  },
): Promise<ClaimAnswer> {
  const { userId, fitAssetId, now } = claim;
  const balance = await ledger.balanceOf(trx, userId, fitAssetId, 'affiliate_wallet');
  if (balance === 0n) throw new AppError('UNPROCESSABLE', 'Your affiliate wallet is empty.');
  const amount = claim.requested ?? balance;
  if (amount > balance)
    throw new AppError('UNPROCESSABLE', `Your affiliate wallet holds only ${fit(balance)} FIT24.`, {
      amount: `must be at most ${fit(balance)}`,
    });
  if (amount < claim.minimum)
    throw new AppError('UNPROCESSABLE', `The minimum claim is ${fit(claim.minimum)} FIT24.`, {
      amount: `must be at least ${fit(claim.minimum)}`,
    });
  const entryId = await ledger.post(trx, {
    kind: 'AFFILIATE_CLAIM',
    now,
    legs: [
      {
        from: { userId, kind: 'affiliate_wallet' },
        to: { userId, kind: 'available' },
        assetId: fitAssetId,
        amount,
      },
    ],
  });
  await transactionsRepo.insertOne(trx, {
    affiliateId: claim.affiliate.affiliate_id,
    type: 'WITHDRAWAL',
    source: 'CLAIM',
    amount,
    note: 'Claimed to your FIT24 wallet',
    rewardDay: null,
    now,
  });
  await history.record(trx, [
    {
      userId,
      assetId: fitAssetId,
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
}

export async function income(ctx: AppContext, userId: bigint) {
  const affiliate = await mustFind(ctx.db, userId);
  const now = ctx.clock.now();
  const todayStart = new Date(`${isoDay(now)}T00:00:00Z`);
  const weekBegin = new Date(`${weekStart(now)}T00:00:00Z`);
  const row = await transactionsRepo.incomeSums(ctx.db, affiliate.affiliate_id, todayStart, weekBegin);
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
  const rows = await transactionsRepo.latest(ctx.db, affiliate.affiliate_id, TRANSACTIONS_SHOWN, type);
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
