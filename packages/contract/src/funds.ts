import { z } from 'zod';
import { pagedSchema, ZEmail, ZEpochSeconds, ZFlag, ZId } from './common.ts';
import { ZAmount, ZMoney } from './money.ts';
import { secondFactorShape } from './security.ts';

export const ZSymbol = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{2,10}$/, 'must be an asset symbol such as BTC');

export const ZAsset = z.object({
  asset_id: z.number().int().positive(),
  symbol: z.string(),
  name: z.string(),
  decimals: z.number().int().min(0).max(8),
  network: z.string(),
  deposit_enabled: ZFlag,
  withdraw_enabled: ZFlag,
  withdraw_fee: ZMoney,
  min_withdraw: ZMoney,
  min_deposit: ZMoney,
  confirmations: z.number().int().positive(),
  /**
   * Why deposits and withdrawals of the asset cannot work at all on this exchange (its network has no node
   * connected, say), in words for the user; null when its network works (they may still be paused).
   */
  unavailable_reason: z.string().nullable(),
});
export type TAsset = z.infer<typeof ZAsset>;
export const ZAssetData = z.object({ asset: ZAsset });

export const ZBalance = z.object({
  asset_id: z.number().int().positive(),
  symbol: z.string(),
  name: z.string(),
  decimals: z.number().int(),
  available: ZMoney,
  on_hold: ZMoney,
  locked: ZMoney,
  staked: ZMoney,
  total: ZMoney,
  /** In US dollars at the market's last price (USDT = 1), two decimals; "0" without a price. */
  usd_value: ZMoney,
});
export type TBalance = z.infer<typeof ZBalance>;
export const ZBalancesData = z.object({ balances: z.array(ZBalance), total_usd: ZMoney });
export type TBalancesData = z.infer<typeof ZBalancesData>;
export const ZBalanceData = z.object({ balance: ZBalance });
export const ZLockedData = z.object({ locked: z.object({ asset_id: z.number().int(), amount: ZMoney }) });

export const ZWalletData = z.object({
  wallet: z.object({
    asset_id: z.number().int(),
    network: z.string(),
    address: z.string(),
    memo: z.string().nullable(),
    min_deposit: ZMoney,
    confirmations: z.number().int(),
  }),
});

export const ZTransactionType = z.enum([
  'DEPOSIT',
  'WITHDRAWAL',
  'TRANSFER_IN',
  'TRANSFER_OUT',
  'LOCK_GRANT',
  'TRADE',
  'STAKE',
  'CLAIM',
]);
/**
 * PENDING: a deposit seen on chain, not yet deep enough; a withdrawal waiting for approval. PROCESSING: an
 * approved withdrawal waiting to be signed and sent (or for the hot wallet to be refilled). BROADCAST: sent
 * to the network. COMPLETED: credited / confirmed. REJECTED, CANCELLED: refused by an operator or the user,
 * funds returned. FAILED: the transaction failed on chain (funds returned), or a deposit's block left the
 * chain in a reorganisation before it was credited.
 */
export const ZTransactionStatus = z.enum([
  'PENDING',
  'PROCESSING',
  'BROADCAST',
  'COMPLETED',
  'REJECTED',
  'CANCELLED',
  'FAILED',
]);
export const ZAssetTransaction = z.object({
  id: z.number().int().positive(),
  asset_id: z.number().int().positive(),
  type: ZTransactionType,
  amount: ZMoney,
  fee: ZMoney,
  status: ZTransactionStatus,
  address: z.string().nullable(),
  txid: z.string().nullable(),
  note: z.string().nullable(),
  /** Deposits and withdrawals: the network they travel on; null for movements inside the exchange. */
  network: z.string().nullable(),
  /** On chain: blocks since the one that holds it (0 while not in a block); null off chain. */
  confirmations: z.number().int().nullable(),
  /** What completes it (a deposit is credited, a withdrawal complete); null off chain. */
  required_confirmations: z.number().int().nullable(),
  /** The transaction on the network's block explorer, when the exchange has one configured. */
  explorer_url: z.string().nullable(),
  creation_date: ZEpochSeconds,
});
export type TAssetTransaction = z.infer<typeof ZAssetTransaction>;
export const ZAssetTransactionsData = pagedSchema('transactions', ZAssetTransaction);
export const ZAssetTransactionData = z.object({ transaction: ZAssetTransaction });

export const ZNotice = z.object({
  notice_id: z.number().int().positive(),
  type: z.enum(['deposit', 'withdraw']),
  title: z.string(),
  body: z.string(),
  creation_date: ZEpochSeconds,
});
export const ZNoticesData = z.object({ notices: z.array(ZNotice) });

const ZTxnPasswordInput = z.string().min(1, 'is required').max(128);

export const ZWithdrawBody = z
  .object({
    asset_id: ZId,
    address: z.string().trim().min(1, 'is required').max(120),
    amount: ZAmount,
    txn_password: ZTxnPasswordInput,
    memo: z.string().trim().max(100).optional(),
    ...secondFactorShape,
  })
  .strict();
export type TWithdrawBody = z.input<typeof ZWithdrawBody>;
/** The body as the server reads it (amount as a decimal string). */
export type TWithdrawInput = z.output<typeof ZWithdrawBody>;

export const ZWithdrawal = z.object({
  id: z.number().int().positive(),
  asset_id: z.number().int(),
  symbol: z.string(),
  address: z.string(),
  amount: ZMoney,
  fee: ZMoney,
  status: ZTransactionStatus,
  txid: z.string().nullable(),
  creation_date: ZEpochSeconds,
});
export type TWithdrawal = z.infer<typeof ZWithdrawal>;
export const ZWithdrawalData = z.object({ withdrawal: ZWithdrawal });

export const ZTransferBody = z
  .object({
    asset_id: ZId,
    amount: ZAmount,
    to_email_id: ZEmail,
    txn_password: ZTxnPasswordInput,
    note: z.string().trim().max(140).optional(),
    ...secondFactorShape,
  })
  .strict();
export type TTransferBody = z.input<typeof ZTransferBody>;
export type TTransferInput = z.output<typeof ZTransferBody>;
export const ZTransferData = z.object({
  transfer: z.object({
    id: z.number().int().positive(),
    asset_id: z.number().int(),
    symbol: z.string(),
    amount: ZMoney,
    to_email_id: z.string(),
    note: z.string().nullable(),
    creation_date: ZEpochSeconds,
  }),
});
/** Who a transfer to `email_id` would pay, before the sender confirms it. */
export const ZTransferRecipientQuery = z.object({ email_id: ZEmail }).strict();
export type TTransferRecipientQuery = z.input<typeof ZTransferRecipientQuery>;
export const ZTransferRecipientData = z.object({
  /** The recipient's name masked ("A**n T****g"): enough to recognise them, never their full name. */
  masked_name: z.string(),
});
export type TTransferRecipientData = z.infer<typeof ZTransferRecipientData>;

// ── Notifications ───────────────────────────────────────────────────────────
export const ZNotification = z.object({
  notification_id: z.number().int().positive(),
  type: z.string(),
  title: z.string(),
  body: z.string(),
  /** The app's page it is about (`/funds/transaction?id=7`, `/trade?market_id=1`, `/kyc`…); null: none. */
  link: z.string().nullable(),
  is_read: ZFlag,
  creation_date: ZEpochSeconds,
});
export type TNotification = z.infer<typeof ZNotification>;
export const ZNotificationListData = pagedSchema('notifications', ZNotification).extend({
  unread: z.number().int().nonnegative(),
});
export const ZNotificationReadBody = z
  .object({ notification_ids: z.array(ZId).min(1).max(100).optional(), all: z.literal(true).optional() })
  .strict()
  .refine((b) => (b.notification_ids === undefined) !== (b.all === undefined), {
    message: 'give either notification_ids or all',
    path: ['notification_ids'],
  });
export const ZNotificationReadData = z.object({ unread: z.number().int().nonnegative() });

// ── Operator calls ──────────────────────────────────────────────────────────
export const ZDevnetDepositBody = z
  .object({
    email_id: ZEmail,
    symbol: ZSymbol,
    amount: ZAmount,
    confirmations: z.number().int().min(0).max(1000).optional(),
  })
  .strict();
export const ZDeposit = z.object({
  deposit_id: z.number().int().positive(),
  txid: z.string(),
  address: z.string(),
  amount: ZMoney,
  confirmations: z.number().int(),
  required_confirmations: z.number().int(),
  status: z.enum(['PENDING', 'CREDITED', 'ORPHANED']),
});
export const ZDepositData = z.object({ deposit: ZDeposit });

export const ZLockedGrantBody = z.object({ email_id: ZEmail, symbol: ZSymbol, amount: ZAmount }).strict();
export const ZLockedGrantData = z.object({
  locked: z.object({ asset_id: z.number().int(), amount: ZMoney }),
});

export const ZOpsWithdrawalsQuery = z.object({ status: ZTransactionStatus.optional() }).strict();
/**
 * A withdrawal in the operators' queue: whose it is, its value in US dollars when asked, and the four-eyes
 * state — who approved it so far, and how many approvals it needs (two above FOUR_EYES_USD).
 */
export const ZOpsWithdrawal = ZWithdrawal.extend({
  email_id: z.string(),
  usd_value: ZMoney,
  approvals: z.array(
    z.object({ operator_id: z.number().int(), email: z.string(), creation_date: ZEpochSeconds }),
  ),
  approvals_needed: z.number().int(),
  waiting_reason: z.string().nullable(),
});
export type TOpsWithdrawal = z.infer<typeof ZOpsWithdrawal>;
export const ZOpsWithdrawalData = z.object({ withdrawal: ZOpsWithdrawal });
export const ZOpsWithdrawalsData = z.object({ withdrawals: z.array(ZOpsWithdrawal) });
export const ZWithdrawalDecisionBody = z
  .object({ withdrawal_id: ZId, reason: z.string().trim().max(300).optional() })
  .strict();

export const ZNoticeBody = z
  .object({
    symbol: ZSymbol,
    type: z.enum(['deposit', 'withdraw']),
    title: z.string().trim().min(1).max(120),
    body: z.string().trim().min(1).max(2000),
  })
  .strict();
export const ZNoticeData = z.object({ notice: ZNotice });

export const ZDevnetMineBody = z.object({ blocks: z.number().int().min(1).max(1000) }).strict();
export const ZDevnetMineData = z.object({ heights: z.record(z.string(), z.number().int()) });
