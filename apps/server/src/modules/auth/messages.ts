import type { Message } from '../../messenger.ts';

/** The words of every message the identity module sends. */
export const otpMessages = {
  emailVerify: (to: string, otp: string): Message => ({
    to,
    otp,
    subject: 'Verify your email for FIT24 Exchange',
    text: `Your FIT24 Exchange email verification code is ${otp}. It expires in 10 minutes.\n\nIf you did not create an account, ignore this email.`,
  }),
  mobileVerify: (to: string, otp: string): Message => ({
    to,
    otp,
    subject: 'FIT24 mobile code',
    text: `FIT24 Exchange: your mobile verification code is ${otp}. It expires in 10 minutes.`,
  }),
  passwordReset: (to: string, otp: string): Message => ({
    to,
    otp,
    subject: 'Reset your FIT24 Exchange password',
    text: `Your FIT24 Exchange password reset code is ${otp}. It expires in 10 minutes.\n\nIf you did not ask to reset your password, ignore this email: your password stays the same.`,
  }),
  txnPassword: (to: string, otp: string): Message => ({
    to,
    otp,
    subject: 'Set your FIT24 Exchange transaction password',
    text: `Your code for setting the transaction password is ${otp}. It expires in 10 minutes.\n\nIf this was not you, change your password now.`,
  }),
  addressConfirm: (
    to: string,
    otp: string,
    address: { symbol: string; label: string; address: string; memo: string | null },
  ): Message => ({
    to,
    otp,
    subject: 'Confirm a new withdrawal address on FIT24 Exchange',
    text: `Your code to confirm the ${address.symbol} withdrawal address "${address.label}" (${address.address}${address.memo ? `, memo ${address.memo}` : ''}) is ${otp}. It expires in 10 minutes.\n\nIf you did not add this address, do not share the code: change your password and freeze your account from Security.`,
  }),
};

/** Changing the email: a code to the new address, and word to the old one (it may be a takeover). */
export const emailChangeMessages = {
  code: (to: string, otp: string): Message => ({
    to,
    otp,
    subject: 'Confirm your new email for FIT24 Exchange',
    text: `Your code to make this your FIT24 Exchange email address is ${otp}. It expires in 10 minutes.\n\nIf you did not ask for this, ignore this email.`,
  }),
  asked: (to: string, newEmail: string): Message => ({
    to,
    otp: null,
    subject: 'Your FIT24 Exchange email is being changed',
    text: `Someone signed in to your account asked to change its email to ${newEmail}. If this was not you, change your password and freeze your account from Security now.`,
  }),
  changed: (to: string, newEmail: string): Message => ({
    to,
    otp: null,
    subject: 'Your FIT24 Exchange email was changed',
    text: `Your account's email is now ${newEmail}. Withdrawals and transfers are paused for a while, for your safety.\n\nIf this was not you, contact support at once.`,
  }),
};
