import {
  fromBaseUnits,
  PAGE_SIZE,
  type TOpsKycSubmission,
  type TOpsUser,
  type TOpsUserDetail,
} from '@fit24/contract';
import { toEpochSeconds } from '../../clock.ts';
import type { UserRow } from '../../db/schema.ts';
import { notFound } from '../../http/app-error.ts';
import * as usersRepo from '../../modules/account/users.repository.ts';
import * as affiliatesRepo from '../../modules/affiliate/affiliate.repository.ts';
import { FIT24, profile } from '../../modules/affiliate/affiliate.service.ts';
import { isEvmChain } from '../../modules/chain/evm/evm-chain.ts';
import { reconcile } from '../../modules/custody/reconcile.ts';
import { assetBySymbol, listAssets, usdCentsPricer } from '../../modules/funds/assets.service.ts';
import * as balances from '../../modules/funds/balances.service.ts';
import * as history from '../../modules/funds/history.ts';
import { kycRowToKyc } from '../../modules/kyc/kyc.service.ts';
import * as ledger from '../../modules/ledger/ledger.service.ts';
import type { TradingContext } from '../../trading/context.ts';
import { orderRowToOrder } from '../../trading/orders/orders.mappers.ts';
import * as repo from './console.repository.ts';

const DAY_MS = 86_400_000;
const cents = (value: bigint) => fromBaseUnits(value, 2);

/** The console's first page: what needs an operator, and how the exchange is doing. */
export async function dashboard(ctx: TradingContext, lastAudit: { ok: boolean; at: Date } | null) {
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - DAY_MS);
  const [counts, traded, fees, assets, usd] = await Promise.all([
    repo.dashboardCounts(
      ctx.db,
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())),
    ),
    repo.tradedSince(ctx.db, since),
    repo.feesSince(ctx.db, since),
    listAssets(ctx.db),
    usdCentsPricer(ctx.db),
  ]);
  const asset = (id: number) => assets.find((a) => a.asset_id === id)!;
  const volume = traded.reduce((sum, t) => sum + usd(asset(t.quote_asset_id), BigInt(t.quote ?? 0)), 0n);
  const earned = fees.reduce((sum, f) => sum + usd(asset(f.asset_id), BigInt(f.amount ?? 0)), 0n);
  const fit = await assetBySymbol(ctx.db, FIT24);
  const evm = ctx.chains.get('ethereum');
  const custody = isEvmChain(evm)
    ? await reconcile(ctx, evm).then(
        (r) => ({ reconciled: r.assets.every((a) => /^0(\.0*)?$/.test(a.difference)), block: r.block }),
        () => null,
      )
    : null;
  return {
    dashboard: {
      users_total: Number(counts.users_total),
      users_today: Number(counts.users_today),
      volume_24h_usd: cents(volume),
      fees_24h_usd: cents(earned),
      withdrawals_pending: Number(counts.withdrawals_pending),
      withdrawals_waiting: Number(counts.withdrawals_waiting),
      kyc_pending: Number(counts.kyc_pending),
      pool_balance: fromBaseUnits(BigInt(counts.pool), fit.decimals),
      custody,
      last_audit: lastAudit ? { ok: lastAudit.ok, creation_date: toEpochSeconds(lastAudit.at) } : null,
    },
  };
}

function toOpsUser(row: UserRow, twoFactor: Set<bigint>): TOpsUser {
  return {
    user_id: Number(row.user_id),
    email_id: row.email,
    name: row.name,
    mobile: row.mobile,
    country_code: row.country_code,
    kyc_status: row.kyc_status,
    is_email_verified: row.is_email_verified ? 1 : 0,
    is_mobile_verified: row.is_mobile_verified ? 1 : 0,
    frozen: row.frozen_at !== null,
    two_factor: twoFactor.has(row.user_id),
    creation_date: toEpochSeconds(row.created_at),
  };
}

export async function users(ctx: TradingContext, query: { q?: string; page?: number }) {
  const pageNumber = query.page ?? 1;
  const { rows, total } = await repo.users(ctx.db, query.q, pageNumber);
  const twoFactor = new Set(
    (
      await repo.twoFactorUsers(
        ctx.db,
        rows.map((r) => r.user_id),
      )
    ).map((r) => r.user_id),
  );
  return { users: rows.map((r) => toOpsUser(r, twoFactor)), page: pageNumber, page_size: PAGE_SIZE, total };
}

/** Everything about one user an operator looks at, in one answer. */
export async function user(ctx: TradingContext, userId: number): Promise<TOpsUserDetail> {
  const row = await usersRepo.findById(ctx.db, BigInt(userId));
  if (!row) throw notFound('There is no user with this id.');
  const [twoFactor, money, orders, transactions, sessions, kyc, affiliate] = await Promise.all([
    repo.twoFactorUsers(ctx.db, [row.user_id]),
    balances.balancesOf(ctx.db, row.user_id),
    repo.latestOrders(ctx.db, row.user_id),
    history.latest(ctx, row.user_id),
    repo.sessionsOf(ctx.db, row.user_id),
    repo.latestKyc(ctx.db, row.user_id),
    affiliateOf(ctx, row.user_id),
  ]);
  const now = ctx.clock.now();
  return {
    user: toOpsUser(row, new Set(twoFactor.map((r) => r.user_id))),
    balances: money.balances,
    orders: orders.map((o) => {
      const market = ctx.engine.worker(o.market_id).market;
      return { ...orderRowToOrder(market, o), symbol: market.symbol };
    }),
    transactions,
    sessions: sessions.map((s) => ({
      session_id: Number(s.session_id),
      device: s.device,
      ip: s.ip,
      creation_date: toEpochSeconds(s.created_at),
      last_seen: toEpochSeconds(s.last_seen_at),
      active: s.revoked_at === null && s.expires_at > now,
    })),
    kyc: kyc ? kycRowToKyc(kyc) : null,
    affiliate,
  };
}

async function affiliateOf(ctx: TradingContext, userId: bigint) {
  const row = await affiliatesRepo.findByUser(ctx.db, userId);
  if (!row) return null;
  const fit = await assetBySymbol(ctx.db, FIT24);
  const [info, wallet] = await Promise.all([
    profile(ctx.db, row),
    ledger.balanceOf(ctx.db, userId, fit.asset_id, 'affiliate_wallet'),
  ]);
  return {
    code: info.code,
    partners: info.partners,
    staked: info.stake,
    wallet: fromBaseUnits(wallet, fit.decimals),
  };
}

export async function kycQueue(ctx: TradingContext, query: { status?: string; page?: number }) {
  const pageNumber = query.page ?? 1;
  const { rows, total } = await repo.kycQueue(ctx.db, query.status, pageNumber);
  const ids = rows.flatMap((r) => [
    r.id_front_file_id,
    r.selfie_file_id,
    ...(r.id_back_file_id ? [r.id_back_file_id] : []),
  ]);
  const files = new Map((await repo.filesByIds(ctx.db, ids)).map((f) => [f.file_id, f]));
  const file = (id: bigint | null, role: 'id_front' | 'id_back' | 'selfie') =>
    id === null || !files.has(id) ? [] : [{ file_id: Number(id), role, mime: files.get(id)!.mime }];
  const submissions: TOpsKycSubmission[] = rows.map((r) => ({
    ...kycRowToKyc(r),
    user_id: Number(r.user_id),
    email_id: r.email,
    address: r.address,
    city: r.city,
    postal_code: r.postal_code,
    id_number: r.id_number,
    files: [
      ...file(r.id_front_file_id, 'id_front'),
      ...file(r.id_back_file_id, 'id_back'),
      ...file(r.selfie_file_id, 'selfie'),
    ],
  }));
  return { submissions, page: pageNumber, page_size: PAGE_SIZE, total };
}

export async function deposits(ctx: TradingContext, query: { status?: string; page?: number }) {
  const pageNumber = query.page ?? 1;
  const { rows, total } = await repo.deposits(ctx.db, query.status, pageNumber);
  return {
    deposits: rows.map((d) => ({
      deposit_id: Number(d.deposit_id),
      email_id: d.email,
      symbol: d.symbol,
      network: d.network,
      amount: fromBaseUnits(d.amount, d.decimals),
      address: d.address,
      txid: d.txid,
      status: d.status,
      confirmations: d.height === null ? 0 : Math.max(0, Number(d.height - d.block_height + 1n)),
      required_confirmations: d.required,
      creation_date: toEpochSeconds(d.created_at),
    })),
    page: pageNumber,
    page_size: PAGE_SIZE,
    total,
  };
}
