import type { TAccount, TKycStatus, TUser } from '@fit24/contract';
import { toEpochSeconds } from '../../clock.ts';
import type { UserRow } from '../../db/schema.ts';

const flag = (value: boolean) => (value ? 1 : 0) as 0 | 1;

/** The `user` object of sign-in, register and verify answers. */
export function userRowToUser(row: UserRow): TUser {
  return {
    user_id: Number(row.user_id),
    name: row.name,
    email_id: row.email,
    mobile: row.mobile,
    is_email_verified: flag(row.is_email_verified),
    is_mobile_verified: flag(row.is_mobile_verified),
    kyc_status: row.kyc_status as TKycStatus,
  };
}

export function userRowToAccount(row: UserRow, kycReason: string | null = null): TAccount {
  return {
    ...userRowToUser(row),
    country_code: row.country_code,
    has_txn_password: flag(row.txn_password_hash !== null),
    referral_code: row.referral_code,
    kyc_reason: row.kyc_status === 'REJECTED' ? kycReason : null,
    creation_date: toEpochSeconds(row.created_at),
  };
}
