import { z } from 'zod';
import { pagedSchema, ZEmail, ZEpochSeconds, ZFlag, ZId } from './common.ts';
import { ZAsset, ZAssetTransaction, ZBalance, ZSymbol } from './funds.ts';
import { ZKyc } from './identity.ts';
import { ZMarketDetail, ZOrder } from './markets.ts';
import { ZAmount, ZMoney } from './money.ts';

/** What the operators' console reads and changes (issue 14), beyond the queues it shares with the CLI. */

const page = z.coerce.number().int().positive().max(100_000).optional();

export const ZOpsDashboardData = z.object({
  dashboard: z.object({
    users_total: z.number().int(),
    users_today: z.number().int(),
    /** Traded in the last 24 hours, and the fees it paid, in US dollars at each market's last price. */
    volume_24h_usd: ZMoney,
    fees_24h_usd: ZMoney,
    withdrawals_pending: z.number().int(),
    withdrawals_waiting: z.number().int(),
    kyc_pending: z.number().int(),
    pool_balance: ZMoney,
    /** Custody on a real chain: whether every asset reconciles to zero (null without a node). */
    custody: z.object({ reconciled: z.boolean(), block: z.number().int() }).nullable(),
    last_audit: z.object({ ok: z.boolean(), creation_date: ZEpochSeconds }).nullable(),
  }),
});

export const ZOpsUser = z.object({
  user_id: z.number().int().positive(),
  email_id: z.string(),
  name: z.string(),
  mobile: z.string(),
  country_code: z.string(),
  kyc_status: z.string(),
  is_email_verified: ZFlag,
  is_mobile_verified: ZFlag,
  frozen: z.boolean(),
  two_factor: z.boolean(),
  creation_date: ZEpochSeconds,
});
export type TOpsUser = z.infer<typeof ZOpsUser>;
export const ZOpsUsersQuery = z.object({ q: z.string().trim().max(120).optional(), page }).strict();
export const ZOpsUsersData = pagedSchema('users', ZOpsUser);

export const ZOpsSession = z.object({
  session_id: z.number().int(),
  device: z.string().nullable(),
  ip: z.string().nullable(),
  creation_date: ZEpochSeconds,
  last_seen: ZEpochSeconds,
  active: z.boolean(),
});
export const ZOpsUserQuery = z.object({ user_id: z.coerce.number().int().positive() }).strict();
export const ZOpsUserDetailData = z.object({
  user: ZOpsUser,
  balances: z.array(ZBalance),
  orders: z.array(ZOrder.extend({ symbol: z.string() })),
  transactions: z.array(ZAssetTransaction.extend({ symbol: z.string() })),
  sessions: z.array(ZOpsSession),
  kyc: ZKyc.nullable(),
  affiliate: z
    .object({ code: z.string(), partners: z.number().int(), staked: ZMoney, wallet: ZMoney })
    .nullable(),
});
export type TOpsUserDetail = z.infer<typeof ZOpsUserDetailData>;
export const ZOpsUserIdBody = z.object({ user_id: ZId }).strict();
export const ZOpsRevokedData = z.object({ revoked: z.number().int() });

export const ZKycFileRole = z.enum(['id_front', 'id_back', 'selfie']);
export const ZOpsKycSubmission = ZKyc.extend({
  user_id: z.number().int(),
  email_id: z.string(),
  address: z.string(),
  city: z.string(),
  postal_code: z.string(),
  id_number: z.string(),
  files: z.array(z.object({ file_id: z.number().int(), role: ZKycFileRole, mime: z.string() })),
});
export type TOpsKycSubmission = z.infer<typeof ZOpsKycSubmission>;
export const ZOpsKycQuery = z
  .object({ status: z.enum(['PENDING', 'APPROVED', 'REJECTED']).optional(), page })
  .strict();
export const ZOpsKycData = pagedSchema('submissions', ZOpsKycSubmission);

export const ZOpsDeposit = z.object({
  deposit_id: z.number().int(),
  email_id: z.string().nullable(),
  symbol: z.string(),
  network: z.string(),
  amount: ZMoney,
  address: z.string(),
  txid: z.string(),
  status: z.enum(['PENDING', 'CREDITED', 'ORPHANED']),
  confirmations: z.number().int(),
  required_confirmations: z.number().int(),
  creation_date: ZEpochSeconds,
});
export const ZOpsDepositsQuery = z
  .object({ status: z.enum(['PENDING', 'CREDITED', 'ORPHANED']).optional(), page })
  .strict();
export const ZOpsDepositsData = pagedSchema('deposits', ZOpsDeposit);

/** An asset as operators edit it: the public shape, and its contract and chain decimals. */
export const ZOpsAsset = ZAsset.extend({
  contract_address: z.string().nullable(),
  chain_decimals: z.number().int().nullable(),
});
export const ZOpsAssetsData = z.object({ assets: z.array(ZOpsAsset) });
export const ZOpsAssetBody = z
  .object({
    symbol: ZSymbol,
    name: z.string().trim().min(1).max(60),
    decimals: z.number().int().min(0).max(8),
    network: z
      .string()
      .trim()
      .regex(/^[a-z0-9-]{2,30}$/, 'must be a network name such as ethereum'),
    withdraw_fee: z.string().regex(/^(0|[1-9][0-9]*)(\.[0-9]+)?$/, 'must be a decimal amount such as 0.002'),
    min_withdraw: ZAmount,
    min_deposit: ZAmount,
    confirmations: z.number().int().min(1).max(1000),
    deposit_enabled: z.boolean(),
    withdraw_enabled: z.boolean(),
  })
  .strict();
export const ZOpsAssetData = z.object({ asset: ZOpsAsset });

const ZFeeRate = z.string().regex(/^0(\.[0-9]{1,6})?$/, 'must be a fraction such as 0.001 (0.1%)');
export const ZOpsMarketsData = z.object({ markets: z.array(ZMarketDetail) });
export const ZOpsMarketCreateBody = z
  .object({
    base: ZSymbol,
    quote: ZSymbol,
    price_decimals: z.number().int().min(0).max(8),
    amount_decimals: z.number().int().min(0).max(8),
    min_amount: ZAmount,
    min_total: ZAmount,
    maker_fee: ZFeeRate,
    taker_fee: ZFeeRate,
    /** The price the market opens at (its last price until the first trade). */
    price: ZAmount,
  })
  .strict();
export const ZOpsMarketUpdateBody = z
  .object({
    symbol: z.string().trim().toUpperCase().max(21),
    min_amount: ZAmount.optional(),
    min_total: ZAmount.optional(),
    maker_fee: ZFeeRate.optional(),
    taker_fee: ZFeeRate.optional(),
  })
  .strict();
export const ZOpsMarketData = z.object({ market: ZMarketDetail });

export const ZOpsEmailQuery = z.object({ email_id: ZEmail }).strict();
