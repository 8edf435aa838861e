import { z } from 'zod';
import { ZEpochSeconds, ZFlag } from './common.ts';

export const ZKycStatus = z.enum(['NONE', 'PENDING', 'APPROVED', 'REJECTED']);
export type TKycStatus = z.infer<typeof ZKycStatus>;

/** The `user` object of sign-in, register and verify answers (DESIGN §3). */
export const ZUser = z.object({
  user_id: z.number().int().positive(),
  name: z.string(),
  email_id: z.string(),
  mobile: z.string(),
  is_email_verified: ZFlag,
  is_mobile_verified: ZFlag,
  kyc_status: ZKycStatus,
});
export type TUser = z.infer<typeof ZUser>;

export const ZAccount = ZUser.extend({
  country_code: z.string(),
  has_txn_password: ZFlag,
  referral_code: z.string().nullable(),
  /** Why the last KYC submission was rejected, while kyc_status is REJECTED. */
  kyc_reason: z.string().nullable(),
  creation_date: ZEpochSeconds,
});
export type TAccount = z.infer<typeof ZAccount>;

export const ZAccountData = z.object({ account: ZAccount });
export type TAccountData = z.infer<typeof ZAccountData>;

export const ZEmptyData = z.object({}).strict();

/** What the app keeps in device storage (spec §3: Session). */
export const ZStoredSession = z.object({
  token: z.string().min(1),
  user: ZUser,
});
export type TStoredSession = z.infer<typeof ZStoredSession>;
