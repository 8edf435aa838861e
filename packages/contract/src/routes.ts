import type { z } from 'zod';
import { z as zod } from 'zod';
import { ZAccountData, ZEmptyData } from './account.ts';
import { ZQueryId, ZQueryPage } from './common.ts';
import { ZAuditData, ZClockBody, ZClockData, ZOutboxData, ZOutboxQuery } from './ops.ts';
import { ZCountryListData, ZVersionData } from './system.ts';

/**
 * Who may make a call:
 * - `public`: the API key only;
 * - `session`: a valid bearer token, even with an unverified email (verify, resend, account, …);
 * - `user`: a valid bearer token of a user whose email is verified;
 * - `ops`: the operator key (`x-ops-key`), under `/ops`.
 */
export type Auth = 'public' | 'session' | 'user' | 'ops';

export interface RouteDef {
  method: 'GET' | 'POST';
  path: string;
  auth: Auth;
  /** True for the 61 calls the specification lists (spec §7). */
  spec: boolean;
  tag: string;
  summary: string;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Multipart upload instead of a JSON body. */
  multipart?: boolean;
  /** The `data` of a successful answer. Absent until the issue that builds the call defines it. */
  data?: z.ZodType;
  /** Accepts an `Idempotency-Key` header (calls that move money). */
  idempotent?: boolean;
}

function route<const R extends RouteDef>(def: R): R {
  return def;
}

const q = (shape: Record<string, z.ZodType>) => zod.object(shape).strict();
const assetQuery = q({ asset_id: ZQueryId });
const marketQuery = q({ market_id: ZQueryId });

export const routes = {
  // ── Public (spec §7) ────────────────────────────────────────────────────────
  'auth.signin': route({
    method: 'POST',
    path: '/api/auth/signin',
    auth: 'public',
    spec: true,
    tag: 'auth',
    summary: 'Sign in with email and password',
  }),
  'auth.register': route({
    method: 'POST',
    path: '/api/auth/register',
    auth: 'public',
    spec: true,
    tag: 'auth',
    summary: 'Create an account; signs in and sends email and mobile OTPs',
  }),
  'auth.passwordOtp': route({
    method: 'POST',
    path: '/api/auth/password/otp',
    auth: 'public',
    spec: true,
    tag: 'auth',
    summary: 'Send a password-reset OTP (same answer whether or not the email exists)',
  }),
  'auth.passwordReset': route({
    method: 'POST',
    path: '/api/auth/password',
    auth: 'public',
    spec: true,
    tag: 'auth',
    summary: 'Reset the password with the OTP; revokes every session',
  }),
  'system.version': route({
    method: 'GET',
    path: '/api/version',
    auth: 'public',
    spec: true,
    tag: 'system',
    summary: 'App version per platform',
    query: q({}),
    data: ZVersionData,
  }),
  'system.countries': route({
    method: 'GET',
    path: '/api/country/list',
    auth: 'public',
    spec: true,
    tag: 'system',
    summary: 'Every ISO 3166 country with its dial code',
    query: q({}),
    data: ZCountryListData,
  }),

  // ── Auth and identity ──────────────────────────────────────────────────────
  'auth.signout': route({
    method: 'POST',
    path: '/api/auth/signout',
    auth: 'session',
    spec: true,
    tag: 'auth',
    summary: 'Revoke the current token (empty body)',
    data: ZEmptyData,
  }),
  'auth.emailVerify': route({
    method: 'POST',
    path: '/api/auth/email/verify',
    auth: 'session',
    spec: true,
    tag: 'auth',
    summary: 'Verify the email with its OTP',
  }),
  'auth.mobileVerify': route({
    method: 'POST',
    path: '/api/auth/mobile/verify',
    auth: 'session',
    spec: true,
    tag: 'auth',
    summary: 'Verify the mobile number with its OTP',
  }),
  'auth.emailResend': route({
    method: 'GET',
    path: '/api/auth/email/otp/resend',
    auth: 'session',
    spec: true,
    tag: 'auth',
    summary: 'Send the email OTP again (once a minute)',
  }),
  'auth.mobileResend': route({
    method: 'GET',
    path: '/api/auth/mobile/otp/resend',
    auth: 'session',
    spec: true,
    tag: 'auth',
    summary: 'Send the mobile OTP again (once a minute)',
  }),
  'user.txnPasswordOtp': route({
    method: 'GET',
    path: '/api/user/txn/password/otpcode',
    auth: 'user',
    spec: true,
    tag: 'auth',
    summary: 'Email an OTP for setting the transaction password',
  }),
  'user.txnPassword': route({
    method: 'POST',
    path: '/api/user/txn/password',
    auth: 'user',
    spec: true,
    tag: 'auth',
    summary: 'Set the transaction password',
  }),
  'user.mobileUpdate': route({
    method: 'POST',
    path: '/api/user/mobile/update',
    auth: 'session',
    spec: true,
    tag: 'auth',
    summary: 'Change the mobile number; an OTP goes to the new number',
  }),
  'user.referrer': route({
    method: 'GET',
    path: '/api/user/referrer',
    auth: 'user',
    spec: true,
    tag: 'auth',
    summary: 'The referral code a share link recorded for this device',
    query: q({ device_uuid: zod.string().trim().min(1).max(100) }),
  }),
  'account.get': route({
    method: 'GET',
    path: '/api/account',
    auth: 'session',
    spec: true,
    tag: 'account',
    summary: "The signed-in user's account",
    query: q({}),
    data: ZAccountData,
  }),
  'account.create': route({
    method: 'POST',
    path: '/api/account/create',
    auth: 'user',
    spec: true,
    tag: 'account',
    summary: 'Submit KYC details and documents',
  }),
  'file.upload': route({
    method: 'POST',
    path: '/api/file/upload',
    auth: 'user',
    spec: true,
    tag: 'account',
    summary: 'Upload a KYC document (JPEG, PNG or PDF, at most 5 MB)',
    multipart: true,
  }),
  'bank.list': route({
    method: 'GET',
    path: '/api/bank',
    auth: 'user',
    spec: true,
    tag: 'account',
    summary: 'Your bank accounts',
  }),
  'bank.create': route({
    method: 'POST',
    path: '/api/bank/create',
    auth: 'user',
    spec: true,
    tag: 'account',
    summary: 'Add a bank account',
  }),
  'banner.list': route({
    method: 'GET',
    path: '/api/banner/list',
    auth: 'user',
    spec: true,
    tag: 'content',
    summary: 'Home-screen banners',
  }),

  // ── Assets and funds ───────────────────────────────────────────────────────
  'asset.balances': route({
    method: 'GET',
    path: '/api/asset/balances',
    auth: 'user',
    spec: true,
    tag: 'funds',
    summary: 'Every balance with its USD value',
  }),
  'asset.lockedBalance': route({
    method: 'GET',
    path: '/api/asset/balance/locked',
    auth: 'user',
    spec: true,
    tag: 'funds',
    summary: 'Locked (lock-up) balance of an asset',
    query: assetQuery,
  }),
  'asset.wallet': route({
    method: 'GET',
    path: '/api/asset/wallet',
    auth: 'user',
    spec: true,
    tag: 'funds',
    summary: 'Deposit address of an asset',
    query: assetQuery,
  }),
  'asset.get': route({
    method: 'GET',
    path: '/api/asset',
    auth: 'user',
    spec: true,
    tag: 'funds',
    summary: 'One asset',
    query: assetQuery,
  }),
  'asset.transactions': route({
    method: 'GET',
    path: '/api/asset/transactions',
    auth: 'user',
    spec: true,
    tag: 'funds',
    summary: 'Deposits, withdrawals, transfers, trades and stakes of an asset (paged)',
    query: q({ asset_id: ZQueryId, page: ZQueryPage }),
  }),
  'asset.notices': route({
    method: 'GET',
    path: '/api/asset/notices',
    auth: 'user',
    spec: true,
    tag: 'funds',
    summary: 'Deposit or withdrawal notices of an asset',
    query: q({ asset_id: ZQueryId, type: zod.enum(['deposit', 'withdraw']) }),
  }),
  'asset.balance': route({
    method: 'GET',
    path: '/api/asset/balance',
    auth: 'user',
    spec: true,
    tag: 'funds',
    summary: 'One balance by symbol',
    query: q({ symbol: zod.string().trim().min(1).max(20) }),
  }),
  'asset.withdraw': route({
    method: 'POST',
    path: '/api/asset/withdraw',
    auth: 'user',
    spec: true,
    tag: 'funds',
    summary: 'Withdraw to an external address',
    idempotent: true,
  }),
  'asset.transfer': route({
    method: 'POST',
    path: '/api/asset/transfer',
    auth: 'user',
    spec: true,
    tag: 'funds',
    summary: 'Transfer to another user of the exchange',
    idempotent: true,
  }),
  'notification.list': route({
    method: 'GET',
    path: '/api/notification/list',
    auth: 'user',
    spec: true,
    tag: 'notifications',
    summary: 'Your notifications (paged) with the unread count',
    query: q({ page: ZQueryPage }),
  }),

  // ── Markets and orders ─────────────────────────────────────────────────────
  'market.byAsset': route({
    method: 'GET',
    path: '/api/market/asset',
    auth: 'user',
    spec: true,
    tag: 'markets',
    summary: 'Markets that trade an asset',
    query: assetQuery,
  }),
  'market.list': route({
    method: 'GET',
    path: '/api/market/list',
    auth: 'user',
    spec: true,
    tag: 'markets',
    summary: 'Every market with 24h statistics',
  }),
  'market.get': route({
    method: 'GET',
    path: '/api/market',
    auth: 'user',
    spec: true,
    tag: 'markets',
    summary: 'One market',
    query: marketQuery,
  }),
  'market.userBalance': route({
    method: 'GET',
    path: '/api/market/user/balance',
    auth: 'user',
    spec: true,
    tag: 'markets',
    summary: 'Your base and quote balances in a market',
    query: marketQuery,
  }),
  'market.history': route({
    method: 'GET',
    path: '/api/market/history',
    auth: 'user',
    spec: true,
    tag: 'markets',
    summary: 'The latest trades of a market',
    query: marketQuery,
  }),
  'market.orderbook': route({
    method: 'GET',
    path: '/api/market/orderbook',
    auth: 'user',
    spec: true,
    tag: 'markets',
    summary: 'Aggregated order book',
    query: marketQuery,
  }),
  'market.chart': route({
    method: 'GET',
    path: '/api/market/chart',
    auth: 'user',
    spec: true,
    tag: 'markets',
    summary: 'Candles',
    query: q({
      market_id: ZQueryId,
      interval_min: zod.enum(['1', '5', '15', '30', '60', '240', '1440']).transform(Number),
    }),
  }),
  'market.watchlist': route({
    method: 'POST',
    path: '/api/market/watchlist',
    auth: 'user',
    spec: true,
    tag: 'markets',
    summary: 'Toggle a market on your watchlist',
  }),
  'order.list': route({
    method: 'GET',
    path: '/api/order/list',
    auth: 'user',
    spec: true,
    tag: 'orders',
    summary: 'Your orders (paged) by status',
    query: q({ page: ZQueryPage, status: zod.enum(['OPEN', 'FILLED', 'CANCELLED', 'ALL']).optional() }),
  }),
  'order.trades': route({
    method: 'GET',
    path: '/api/order/trades',
    auth: 'user',
    spec: true,
    tag: 'orders',
    summary: 'The trades of one of your orders',
    query: q({ order_id: ZQueryId }),
  }),
  'order.create': route({
    method: 'POST',
    path: '/api/order/create',
    auth: 'user',
    spec: true,
    tag: 'orders',
    summary: 'Place an order',
    idempotent: true,
  }),
  'order.cancel': route({
    method: 'POST',
    path: '/api/order/cancel',
    auth: 'user',
    spec: true,
    tag: 'orders',
    summary: 'Cancel one of your orders',
  }),

  // ── Affiliate and staking ──────────────────────────────────────────────────
  'affiliate.get': route({
    method: 'GET',
    path: '/api/affiliate',
    auth: 'user',
    spec: true,
    tag: 'affiliate',
    summary: 'Your affiliate profile (404 if you have none)',
  }),
  'affiliate.code': route({
    method: 'GET',
    path: '/api/affiliate/code',
    auth: 'user',
    spec: true,
    tag: 'affiliate',
    summary: 'Look up a referral code',
    query: q({ code: zod.string().trim().min(1).max(32) }),
  }),
  'affiliate.income': route({
    method: 'GET',
    path: '/api/affiliate/income',
    auth: 'user',
    spec: true,
    tag: 'affiliate',
    summary: 'Income, total and by kind',
  }),
  'affiliate.wallet': route({
    method: 'GET',
    path: '/api/affiliate/wallet',
    auth: 'user',
    spec: true,
    tag: 'affiliate',
    summary: 'The affiliate wallet',
  }),
  'affiliate.directs': route({
    method: 'GET',
    path: '/api/affiliate/directs',
    auth: 'user',
    spec: true,
    tag: 'affiliate',
    summary: 'Your direct partners',
  }),
  'affiliate.levelBusiness': route({
    method: 'GET',
    path: '/api/affiliate/level/business',
    auth: 'user',
    spec: true,
    tag: 'affiliate',
    summary: 'Members and business per level',
  }),
  'stakings.list': route({
    method: 'GET',
    path: '/api/stakings/list',
    auth: 'user',
    spec: true,
    tag: 'affiliate',
    summary: 'Your stakes',
  }),
  'affiliate.surge': route({
    method: 'GET',
    path: '/api/affiliate/surge',
    auth: 'user',
    spec: true,
    tag: 'affiliate',
    summary: "This week's surge",
  }),
  'affiliate.surgePrevious': route({
    method: 'GET',
    path: '/api/affiliate/surge/previous',
    auth: 'user',
    spec: true,
    tag: 'affiliate',
    summary: "Last week's surge",
  }),
  'affiliate.transactions': route({
    method: 'GET',
    path: '/api/affiliate/transactions',
    auth: 'user',
    spec: true,
    tag: 'affiliate',
    summary: 'Affiliate transactions',
  }),
  'affiliate.transactionsByType': route({
    method: 'GET',
    path: '/api/affiliate/transactions/type',
    auth: 'user',
    spec: true,
    tag: 'affiliate',
    summary: 'Affiliate transactions of one type',
    query: q({ type: zod.enum(['REWARD', 'STAKE', 'WITHDRAWAL']) }),
  }),
  'affiliate.ranks': route({
    method: 'GET',
    path: '/api/affiliate/ranks',
    auth: 'user',
    spec: true,
    tag: 'affiliate',
    summary: 'The rank ladder',
  }),
  'affiliate.offers': route({
    method: 'GET',
    path: '/api/affiliate/offers',
    auth: 'user',
    spec: true,
    tag: 'affiliate',
    summary: 'Offers',
  }),
  'affiliate.register': route({
    method: 'POST',
    path: '/api/affiliate/register',
    auth: 'user',
    spec: true,
    tag: 'affiliate',
    summary: 'Join the affiliate programme',
  }),
  'stakings.add': route({
    method: 'POST',
    path: '/api/stakings/add',
    auth: 'user',
    spec: true,
    tag: 'affiliate',
    summary: 'Stake from available FIT24',
    idempotent: true,
  }),
  'stakings.addLocked': route({
    method: 'POST',
    path: '/api/stakings/locked-balance/add',
    auth: 'user',
    spec: true,
    tag: 'affiliate',
    summary: 'Stake from locked FIT24',
    idempotent: true,
  }),
  'stakings.addWallet': route({
    method: 'POST',
    path: '/api/stakings/wallet/add',
    auth: 'user',
    spec: true,
    tag: 'affiliate',
    summary: 'Stake from the affiliate wallet',
    idempotent: true,
  }),
  'affiliate.walletClaim': route({
    method: 'POST',
    path: '/api/affiliate/wallet/claim',
    auth: 'user',
    spec: true,
    tag: 'affiliate',
    summary: 'Claim the affiliate wallet into available FIT24',
    idempotent: true,
  }),

  // ── Operator API (DESIGN §6) ───────────────────────────────────────────────
  'ops.devnetDeposit': route({
    method: 'POST',
    path: '/ops/devnet/deposit',
    auth: 'ops',
    spec: false,
    tag: 'ops',
    summary: 'An incoming devnet transfer to a user',
  }),
  'ops.lockedGrant': route({
    method: 'POST',
    path: '/ops/locked/grant',
    auth: 'ops',
    spec: false,
    tag: 'ops',
    summary: 'Grant a lock-up balance',
  }),
  'ops.poolFund': route({
    method: 'POST',
    path: '/ops/pool/fund',
    auth: 'ops',
    spec: false,
    tag: 'ops',
    summary: 'Fund the FIT24 rewards pool',
  }),
  'ops.surge': route({
    method: 'POST',
    path: '/ops/surge',
    auth: 'ops',
    spec: false,
    tag: 'ops',
    summary: "Set a week's surge",
  }),
  'ops.rewardsRun': route({
    method: 'POST',
    path: '/ops/rewards/run',
    auth: 'ops',
    spec: false,
    tag: 'ops',
    summary: 'Run the daily rewards for a day',
  }),
  'ops.withdrawals': route({
    method: 'GET',
    path: '/ops/withdrawals',
    auth: 'ops',
    spec: false,
    tag: 'ops',
    summary: 'The withdrawal queue',
  }),
  'ops.withdrawalsApprove': route({
    method: 'POST',
    path: '/ops/withdrawals/approve',
    auth: 'ops',
    spec: false,
    tag: 'ops',
    summary: 'Approve a withdrawal',
  }),
  'ops.withdrawalsReject': route({
    method: 'POST',
    path: '/ops/withdrawals/reject',
    auth: 'ops',
    spec: false,
    tag: 'ops',
    summary: 'Reject a withdrawal',
  }),
  'ops.kycApprove': route({
    method: 'POST',
    path: '/ops/kyc/approve',
    auth: 'ops',
    spec: false,
    tag: 'ops',
    summary: 'Approve a KYC submission',
  }),
  'ops.kycReject': route({
    method: 'POST',
    path: '/ops/kyc/reject',
    auth: 'ops',
    spec: false,
    tag: 'ops',
    summary: 'Reject a KYC submission',
  }),
  'ops.ranks': route({
    method: 'POST',
    path: '/ops/ranks',
    auth: 'ops',
    spec: false,
    tag: 'ops',
    summary: 'Create or change a rank',
  }),
  'ops.offers': route({
    method: 'POST',
    path: '/ops/offers',
    auth: 'ops',
    spec: false,
    tag: 'ops',
    summary: 'Create an offer',
  }),
  'ops.banners': route({
    method: 'POST',
    path: '/ops/banners',
    auth: 'ops',
    spec: false,
    tag: 'ops',
    summary: 'Create a banner',
  }),
  'ops.notices': route({
    method: 'POST',
    path: '/ops/notices',
    auth: 'ops',
    spec: false,
    tag: 'ops',
    summary: 'Create an asset notice',
  }),
  'ops.outbox': route({
    method: 'GET',
    path: '/ops/outbox',
    auth: 'ops',
    spec: false,
    tag: 'ops',
    summary: 'Messages that would have been sent (development and tests)',
    query: ZOutboxQuery,
    data: ZOutboxData,
  }),
  'ops.audit': route({
    method: 'GET',
    path: '/ops/audit',
    auth: 'ops',
    spec: false,
    tag: 'ops',
    summary: 'Run every invariant check',
    query: q({}),
    data: ZAuditData,
  }),
  'ops.clock': route({
    method: 'POST',
    path: '/ops/clock',
    auth: 'ops',
    spec: false,
    tag: 'ops',
    summary: 'Move the server clock forward (TEST_CLOCK=1 only)',
    body: ZClockBody,
    data: ZClockData,
  }),
} as const satisfies Record<string, RouteDef>;

export type Routes = typeof routes;
export type RouteId = keyof Routes;

type Out<S> = S extends z.ZodType ? z.output<S> : unknown;
type In<S> = S extends z.ZodType ? z.input<S> : never;

/** The `data` of a successful answer of a route. */
export type RouteData<Id extends RouteId> = Routes[Id] extends { data: infer D } ? Out<D> : unknown;
/** The query a caller sends (strings, as they travel). */
export type RouteQuery<Id extends RouteId> = Routes[Id] extends { query: infer Q } ? In<Q> : never;
/** The JSON body a caller sends. */
export type RouteBody<Id extends RouteId> = Routes[Id] extends { body: infer B } ? In<B> : never;

export const routeList: Array<RouteDef & { id: RouteId }> = (Object.keys(routes) as RouteId[]).map((id) => ({
  id,
  ...routes[id],
}));
