import type { Formatter } from './format.ts';
import type { Catalogue, SecurityChange, WithdrawalStatus } from './message-types.ts';

/** English: the texts notifications have always had (tests and browser tests read some of them). */

const PAUSED = 'Withdrawals and transfers are paused for a while, for your safety.';

const withdrawalWords: Record<WithdrawalStatus, string> = {
  PENDING: 'is waiting for approval',
  PROCESSING: 'was approved and is being sent',
  BROADCAST: 'was sent to the network',
  COMPLETED: 'is complete',
  REJECTED: 'was rejected and the funds returned to your wallet',
  CANCELLED: 'was cancelled and the funds returned to your wallet',
  FAILED: 'failed on the network and the funds returned to your wallet',
};

const freezeReasons = {
  LINK: "frozen from the “this wasn't me” link of a new sign-in email",
  USER: 'frozen by you from the security screen',
  OPERATOR: 'frozen by our support team',
} as const;

const stakeSources = {
  AVAILABLE: 'available balance',
  LOCKED: 'locked balance',
  WALLET: 'affiliate wallet',
} as const;

const signinNews = {
  DEVICE_AND_IP: 'a new device and IP address',
  DEVICE: 'a new device',
  IP: 'a new IP address',
} as const;

function security(p: SecurityChange, f: Formatter): { title: string; body: string } {
  switch (p.change) {
    case 'EMAIL_CHANGED':
      return { title: 'Email changed', body: `Your email is now ${p.email}. ${PAUSED}` };
    case 'ADDRESS_CONFIRMED':
      return {
        title: 'Withdrawal address confirmed',
        body: `Your ${p.symbol} address "${p.label}" can be used for withdrawals from ${f.dateTime(p.usableAt)}. If this was not you, remove it and freeze your account from Security.`,
      };
    case 'WHITELIST_OFF':
      return {
        title: 'Whitelist-only withdrawals turned off',
        body: `Withdrawals may go to any address from ${f.dateTime(p.until)}; until then only to your address book. If this was not you, turn it back on and freeze your account from Security.`,
      };
    case 'PASSKEY_ADDED':
      return {
        title: 'Passkey added',
        body: `The passkey "${p.name}" can now sign in to your account and confirm withdrawals.`,
      };
    case 'TOTP_ON':
      return {
        title: 'Two-factor authentication on',
        body: 'An authenticator app now protects your sign-in, withdrawals and transfers.',
      };
    case 'FACTOR_REMOVED': {
      const title = p.factor === 'PASSKEY' ? 'Passkey removed' : 'Two-factor authentication off';
      return {
        title,
        body: `${title}. ${PAUSED} If this was not you, freeze your account from Security.`,
      };
    }
    case 'ANTI_PHISHING_SET':
      return {
        title: 'Anti-phishing code set',
        body: 'Every email from FIT24 Exchange now opens with your anti-phishing code.',
      };
    case 'ANTI_PHISHING_REMOVED':
      return {
        title: 'Anti-phishing code removed',
        body: 'Emails from FIT24 Exchange no longer show an anti-phishing code.',
      };
    case 'UNFROZEN':
      return {
        title: 'Account unfrozen',
        body: 'Our support team unfroze your account: withdrawals and transfers work again.',
      };
  }
}

export const en: Catalogue = {
  KYC_APPROVED: () => ({
    title: 'Identity verified',
    body: 'Your identity documents were approved.',
  }),
  KYC_REJECTED: (p) => ({
    title: 'Identity verification rejected',
    body: `Your identity documents were rejected: ${p.reason ?? 'The documents could not be verified.'} You can submit new documents.`,
  }),
  NEW_DEVICE_SIGNIN: (p, f) => ({
    title: 'New sign-in',
    body: `Your account was signed in from ${signinNews[p.news]} (${p.device ?? 'unknown device'}, ${p.ip}) at ${f.dateTime(p.at)}. If this was not you, freeze your account from the link in the email we sent, or from the security screen.`,
  }),
  SECURITY_CHANGED: security,
  ACCOUNT_FROZEN: (p) => ({
    title: 'Account frozen',
    body: `Your account is frozen (${freezeReasons[p.source]}): every device was signed out and withdrawals and transfers are stopped. Contact support to unfreeze it.`,
  }),
  PASSWORD_CHANGED: () => ({
    title: 'Password changed',
    body: 'Your password was changed and every device was signed out. Withdrawals and transfers are paused for a while, for your safety.',
  }),
  TXN_PASSWORD_SET: () => ({
    title: 'Transaction password set',
    body: 'Your transaction password was set. It is now needed for withdrawals and transfers.',
  }),
  DEPOSIT_CREDITED: (p, f) => ({
    title: `${p.symbol} deposit received`,
    body: `${f.amount(p.amount)} ${p.symbol} was credited to your wallet.`,
  }),
  DEPOSIT_DROPPED: (p, f) => ({
    title: `${p.symbol} deposit dropped`,
    body: `A deposit of ${f.amount(p.amount)} ${p.symbol} left the chain in a reorganisation before it was confirmed. If it is mined again it will show again.`,
  }),
  WITHDRAWAL_STATUS: (p, f) => ({
    title: `${p.symbol} withdrawal ${p.status.toLowerCase()}`,
    body: `Your withdrawal of ${f.amount(p.amount)} ${p.symbol} ${withdrawalWords[p.status]}.`,
  }),
  TRANSFER_SENT: (p, f) => ({
    title: `${p.symbol} sent`,
    body: `You sent ${f.amount(p.amount)} ${p.symbol} to ${p.to}.`,
  }),
  TRANSFER_RECEIVED: (p, f) => ({
    title: `${p.symbol} received`,
    body: `You received ${f.amount(p.amount)} ${p.symbol} from ${p.from}.`,
  }),
  LOCKED_GRANTED: (p, f) => ({
    title: `Locked ${p.symbol} granted`,
    body: `${f.amount(p.amount)} ${p.symbol} was added to your locked balance. You can stake it.`,
  }),
  STAKE_CREATED: (p, f) => ({
    title: 'Stake created',
    body: `You staked ${f.amount(p.amount)} FIT24 from your ${stakeSources[p.source]}.`,
  }),
  STAKE_BOOSTED: (p, f) => ({
    title: 'Stake boosted',
    body: `Your stake of ${f.amount(p.amount)} FIT24 is boosted: it now earns ${f.amount(p.percent)} % a day.`,
  }),
  REWARD_CREDITED: (p, f) => ({
    title: 'Rewards credited',
    body: `${f.amount(p.amount)} FIT24 of rewards for ${f.day(p.day)} was added to your affiliate wallet.`,
  }),
  RANK_REACHED: (p, f) => ({
    title: `Rank reached: ${p.rank}`,
    body:
      p.reward === null
        ? `You reached ${p.rank}.`
        : `You reached ${p.rank}. ${f.amount(p.reward)} FIT24 was added to your affiliate wallet.`,
  }),
  ORDER_FILLED: (p, f) => ({
    title: p.whole ? 'Order filled' : 'Order partly filled',
    body:
      `Your ${p.side} order on ${p.symbol} ${p.whole ? 'was filled' : 'was partly filled'}: ` +
      `${f.amount(p.filled)} ${p.base} at an average price of ${f.amount(p.averagePrice)} ${p.quote}.`,
  }),
  PRICE_ALERT: (p, f) => ({
    title: `${p.symbol} price alert`,
    body: `${p.symbol} traded ${p.condition === 'ABOVE' ? 'at or above' : 'at or below'} ${f.amount(p.price)} ${p.quote}.`,
  }),
};
