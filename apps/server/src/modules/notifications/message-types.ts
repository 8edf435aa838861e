import type { WithdrawalStatus } from '../../db/schema-funds.ts';
import type { Formatter } from './format.ts';

/**
 * The notifications' catalogue: per type, what its texts are made of. Amounts are the API's decimal
 * strings ("1250.5") and dates are Dates: each language writes them its way (format.ts).
 */
export interface NotificationParams {
  KYC_APPROVED: Record<string, never>;
  /** `reason`: the operator's words, or null for the standard one. */
  KYC_REJECTED: { reason: string | null };
  NEW_DEVICE_SIGNIN: { news: 'DEVICE_AND_IP' | 'DEVICE' | 'IP'; device: string | null; ip: string; at: Date };
  SECURITY_CHANGED: SecurityChange;
  ACCOUNT_FROZEN: { source: 'LINK' | 'USER' | 'OPERATOR' };
  PASSWORD_CHANGED: Record<string, never>;
  TXN_PASSWORD_SET: Record<string, never>;
  DEPOSIT_CREDITED: Money;
  DEPOSIT_DROPPED: Money;
  WITHDRAWAL_STATUS: Money & { status: WithdrawalStatus };
  TRANSFER_SENT: Money & { to: string };
  TRANSFER_RECEIVED: Money & { from: string };
  LOCKED_GRANTED: Money;
  STAKE_CREATED: { amount: string; source: 'AVAILABLE' | 'LOCKED' | 'WALLET' };
  /** `percent`: the boosted daily yield, a decimal string ("1.5"). */
  STAKE_BOOSTED: { amount: string; percent: string };
  REWARD_CREDITED: { amount: string; day: string };
  /** `reward`: FIT24 added with the rank, null when none. */
  RANK_REACHED: { rank: string; reward: string | null };
  ORDER_FILLED: {
    side: 'BUY' | 'SELL';
    symbol: string;
    base: string;
    quote: string;
    whole: boolean;
    filled: string;
    averagePrice: string;
  };
  PRICE_ALERT: { symbol: string; quote: string; condition: 'ABOVE' | 'BELOW'; price: string };
}

export type NotificationType = keyof NotificationParams;

type Money = { symbol: string; amount: string };

export type { WithdrawalStatus } from '../../db/schema-funds.ts';

/** The security events one type covers, each with what its text needs. */
export type SecurityChange =
  | { change: 'EMAIL_CHANGED'; email: string }
  | { change: 'ADDRESS_CONFIRMED'; symbol: string; label: string; usableAt: Date }
  | { change: 'WHITELIST_OFF'; until: Date }
  | { change: 'PASSKEY_ADDED'; name: string }
  | { change: 'TOTP_ON' }
  | { change: 'FACTOR_REMOVED'; factor: 'PASSKEY' | 'TOTP' }
  | { change: 'ANTI_PHISHING_SET' }
  | { change: 'ANTI_PHISHING_REMOVED' }
  | { change: 'UNFROZEN' };

export interface NotificationText {
  title: string;
  body: string;
}

/** One language's texts: every type must be there (a missing one does not compile). */
export type Catalogue = {
  [T in NotificationType]: (params: NotificationParams[T], f: Formatter) => NotificationText;
};
