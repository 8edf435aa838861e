import type { Message } from '../../messenger.ts';

/** The words of the emails account protection sends (the anti-phishing line is added by the messenger). */

/** `2026-11-25 14:03 UTC`: a time a person reads in an email, the same whatever their time zone. */
export function utcMinute(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

const SUPPORT = 'Contact our support team to unfreeze it once you have secured your email and password.';

export const securityMessages = {
  newSignin: (
    to: string,
    signin: { when: Date; device: string | null; ip: string; what: string; freezeUrl: string; days: number },
  ): Message => ({
    to,
    otp: null,
    subject: 'New sign-in to your FIT24 Exchange account',
    text: [
      `Your FIT24 Exchange account was just signed in to from ${signin.what}.`,
      '',
      `When: ${utcMinute(signin.when)}`,
      `Device: ${signin.device ?? 'unknown device'}`,
      `IP address: ${signin.ip}`,
      '',
      'If this was you, there is nothing to do.',
      '',
      "This wasn't me: freeze my account",
      signin.freezeUrl,
      '',
      `Freezing signs your account out on every device and stops withdrawals and transfers at once. The link works once, for ${signin.days} days. Then change your password. ${SUPPORT}`,
    ].join('\n'),
  }),

  frozen: (to: string, frozen: { when: Date; reason: string }): Message => ({
    to,
    otp: null,
    subject: 'Your FIT24 Exchange account is frozen',
    text: [
      `Your FIT24 Exchange account was frozen at ${utcMinute(frozen.when)} (${frozen.reason}).`,
      '',
      'Every device has been signed out, and withdrawals and transfers are stopped. You can still sign in to see your account.',
      '',
      SUPPORT,
    ].join('\n'),
  }),

  unfrozen: (to: string, when: Date): Message => ({
    to,
    otp: null,
    subject: 'Your FIT24 Exchange account is unfrozen',
    text: [
      `Our support team unfroze your FIT24 Exchange account at ${utcMinute(when)}: withdrawals and transfers work again.`,
      '',
      'If you did not ask for this, contact support at once.',
    ].join('\n'),
  }),

  antiPhishing: (to: string, phrase: string | null): Message => ({
    to,
    otp: null,
    subject: phrase ? 'Your anti-phishing code is set' : 'Your anti-phishing code was removed',
    text: phrase
      ? 'From now on every email from FIT24 Exchange opens with the anti-phishing code above. An email without it, or with another one, is not from us: do not click its links.'
      : 'Emails from FIT24 Exchange no longer show an anti-phishing code. If you did not do this, freeze your account from the security screen and contact support.',
  }),
};
