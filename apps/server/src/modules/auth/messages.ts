import type { Message } from '../messaging/messaging.ts';

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
};
