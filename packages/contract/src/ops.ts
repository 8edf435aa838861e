import { z } from 'zod';
import { ZEpochSeconds } from './common.ts';

export const ZOutboxQuery = z.object({ to: z.string().trim().min(1).max(254).optional() }).strict();
export const ZOutboxMessage = z.object({
  message_id: z.number().int().positive(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  otp: z.string().nullable(),
  creation_date: ZEpochSeconds,
});
export type TOutboxMessage = z.infer<typeof ZOutboxMessage>;
export const ZOutboxData = z.object({ messages: z.array(ZOutboxMessage) });

export const ZClockBody = z
  .object({
    advance_seconds: z
      .number()
      .int()
      .positive()
      .max(10 * 366 * 86_400),
  })
  .strict();
export const ZClockData = z.object({ now: ZEpochSeconds, offset_seconds: z.number().int() });

export const ZAuditCheck = z.object({ name: z.string(), ok: z.boolean(), detail: z.string() });
export type TAuditCheck = z.infer<typeof ZAuditCheck>;
export const ZAuditData = z.object({ ok: z.boolean(), checks: z.array(ZAuditCheck) });
export type TAuditData = z.infer<typeof ZAuditData>;

/**
 * Custody on an EVM chain, per asset: what the chain holds (the hot wallet and the deposit addresses, read
 * at the scanner's block), what the ledger says it should hold, and the difference; the users' balances it
 * owes. Amounts in the chain's units written as decimals (ether to 18 places).
 */
export const ZCustodyAsset = z.object({
  symbol: z.string(),
  contract: z.string().nullable(),
  hot_wallet: z.string(),
  deposit_addresses: z.string(),
  on_chain: z.string(),
  /** On chain by the ledger (its `chain` account), with what is under way: deposits not yet credited,
   * withdrawals sent but not mined, gas not yet booked, and what is below one ledger unit (dust). */
  expected: z.string(),
  pending_deposits: z.string(),
  in_flight: z.string(),
  dust: z.string(),
  /** on_chain − expected: zero when every coin is accounted for. */
  difference: z.string(),
  /** What users hold of it on the exchange (every kind of balance). */
  liabilities: z.string(),
});
export const ZCustodyWaiting = z.object({
  withdrawal_id: z.number().int(),
  symbol: z.string(),
  amount: z.string(),
  reason: z.string(),
});
export const ZCustodyData = z.object({
  custody: z.object({
    network: z.string(),
    chain_id: z.number().int(),
    hot_wallet: z.string(),
    block: z.number().int(),
    confirmations: z.number().int(),
    assets: z.array(ZCustodyAsset),
    waiting: z.array(ZCustodyWaiting),
  }),
});
export type TCustodyData = z.infer<typeof ZCustodyData>;
export const ZCustodyTokenBody = z
  .object({
    symbol: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{2,10}$/, 'must be an asset symbol such as USDT'),
    contract: z
      .string()
      .trim()
      .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a contract address (0x and 40 hex digits)'),
  })
  .strict();
export const ZCustodyTokenData = z.object({
  token: z.object({ symbol: z.string(), contract: z.string(), chain_decimals: z.number().int() }),
});
