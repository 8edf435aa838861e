import { z } from 'zod';
import { ZUser } from './account.ts';
import { ZEmail } from './common.ts';

export const PASSWORD_MIN_LENGTH = 10;

/** Which kinds of character a password mixes: lower, upper, digit, other. */
export function passwordClasses(password: string): number {
  return [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/].filter((re) => re.test(password)).length;
}

/** A new password: at least 10 characters, not all of one class (letters only, digits only, …). */
export const ZNewPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(128, 'must be at most 128 characters')
  .refine((p) => passwordClasses(p) >= 2, 'must mix letters with digits or symbols, or upper and lower case');

/** A mobile number in E.164: +, country code, subscriber number. */
export const ZMobile = z
  .string()
  .trim()
  .regex(/^\+[1-9][0-9]{6,14}$/, 'must be an international number such as +447911123456');

export const ZCountryCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'must be a two-letter country code');

export const ZOtp = z
  .string()
  .trim()
  .regex(/^[0-9]{6}$/, 'must be the 6-digit code');

export const ZReferralCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{4,16}$/, 'must be 4 to 16 letters or digits');

export const ZDeviceUuid = z.string().trim().min(8).max(100);

export const ZRegisterBody = z
  .object({
    name: z.string().trim().min(2, 'must be at least 2 characters').max(100),
    email_id: ZEmail,
    password: ZNewPassword,
    mobile: ZMobile,
    country_code: ZCountryCode,
    referral_code: ZReferralCode.optional(),
    device_uuid: ZDeviceUuid.optional(),
    accept_terms: z.literal(true, 'must be accepted'),
  })
  .strict();
export type TRegisterBody = z.input<typeof ZRegisterBody>;

export const ZSigninBody = z
  .object({
    email_id: ZEmail,
    password: z.string().min(1, 'is required').max(200),
  })
  .strict();
export type TSigninBody = z.input<typeof ZSigninBody>;

export const ZSessionData = z.object({ token: z.string(), user: ZUser });
export type TSessionData = z.infer<typeof ZSessionData>;

export const ZOtpBody = z.object({ otp: ZOtp }).strict();
export const ZUserData = z.object({ user: ZUser });

export const ZRetryAfterData = z.object({ retry_after: z.number().int().nonnegative() });

export const ZPasswordOtpBody = z.object({ email_id: ZEmail }).strict();
export const ZPasswordResetBody = z.object({ email_id: ZEmail, otp: ZOtp, password: ZNewPassword }).strict();
export type TPasswordResetBody = z.input<typeof ZPasswordResetBody>;

/** The transaction password guards withdrawals and transfers; it must differ from the sign-in password. */
export const ZTxnPassword = z
  .string()
  .min(8, 'must be at least 8 characters')
  .max(128, 'must be at most 128 characters');
export const ZTxnPasswordBody = z.object({ otp: ZOtp, txn_password: ZTxnPassword }).strict();
export const ZMobileUpdateBody = z.object({ mobile: ZMobile }).strict();

export const ZReferrerData = z.object({ code: z.string().nullable() });

export const ZSessionInfo = z.object({
  session_id: z.number().int().positive(),
  device: z.string().nullable(),
  ip: z.string().nullable(),
  creation_date: z.number().int(),
  last_seen_date: z.number().int(),
  current: z.union([z.literal(0), z.literal(1)]),
});
export const ZSessionListData = z.object({ sessions: z.array(ZSessionInfo) });
export const ZSignoutAllData = z.object({ revoked: z.number().int().nonnegative() });
