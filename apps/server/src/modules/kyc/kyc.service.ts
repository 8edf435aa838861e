import { KYC_MIN_AGE_YEARS, type TKyc, type TKycBody } from '@fit24/contract';
import { toEpochSeconds } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import type { KycRow } from '../../db/schema.ts';
import { AppError, badRequest, forbidden, notFound } from '../../http/app-error.ts';
import * as usersRepo from '../account/users.repository.ts';
import { links, notify } from '../notifications/notifications.service.ts';
import { isAssignedCountry } from '../system/countries.ts';
import * as filesRepo from './files.repository.ts';
import * as kycRepo from './kyc.repository.ts';

export function kycRowToKyc(row: KycRow): TKyc {
  return {
    kyc_id: Number(row.kyc_id),
    status: row.status,
    first_name: row.first_name,
    last_name: row.last_name,
    date_of_birth: row.date_of_birth,
    country_code: row.country_code,
    id_type: row.id_type,
    reason: row.reason,
    creation_date: toEpochSeconds(row.created_at),
    decision_date: row.decided_at ? toEpochSeconds(row.decided_at) : null,
  };
}

/** Whole years between a 'YYYY-MM-DD' birth date and `now`, or null when the date does not exist. */
export function ageInYears(dateOfBirth: string, now: Date): number | null {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const birth = new Date(Date.UTC(y, m - 1, d));
  if (birth.getUTCFullYear() !== y || birth.getUTCMonth() !== m - 1 || birth.getUTCDate() !== d) return null;
  let age = now.getUTCFullYear() - y;
  if (now.getUTCMonth() < m - 1 || (now.getUTCMonth() === m - 1 && now.getUTCDate() < d)) age -= 1;
  return age;
}

type KycInput = Omit<TKycBody, 'id_back_file_id'> & { id_back_file_id?: number };

/** Records a KYC submission waiting for an operator's decision. Every document must be the caller's. */
export async function submit(ctx: AppContext, userId: bigint, input: KycInput): Promise<TKyc> {
  const now = ctx.clock.now();
  const age = ageInYears(input.date_of_birth, now);
  if (age === null || age > 130 || age < 0) {
    throw badRequest('The date of birth is not a real date.', { date_of_birth: 'is not a real date' });
  }
  if (age < KYC_MIN_AGE_YEARS) {
    throw badRequest('You must be at least 18 years old.', {
      date_of_birth: 'must be at least 18 years ago',
    });
  }
  if (!isAssignedCountry(input.country_code)) {
    throw badRequest('The country is not known.', { country_code: 'is not a known country' });
  }
  const ids = [input.id_front_file_id, input.id_back_file_id, input.selfie_file_id].filter(
    (id) => id !== undefined,
  );
  if (new Set(ids).size !== ids.length) {
    throw badRequest('Each document must be a different file.', {
      selfie_file_id: 'must be a different file',
    });
  }

  return ctx.db.transaction().execute(async (trx) => {
    const user = await usersRepo.findById(trx, userId);
    if (user?.kyc_status === 'PENDING')
      throw new AppError('CONFLICT', 'Your identity documents are already under review.');
    if (user?.kyc_status === 'APPROVED') throw new AppError('CONFLICT', 'Your identity is already verified.');
    const files = await filesRepo.findOwners(trx, ids.map(BigInt));
    for (const id of ids) {
      const file = files.find((f) => f.file_id === BigInt(id));
      if (!file || file.user_id !== userId) throw forbidden('Use only documents you uploaded yourself.');
    }
    if (files.find((f) => f.file_id === BigInt(input.selfie_file_id))?.mime === 'application/pdf') {
      throw badRequest('The selfie must be a photo (JPEG or PNG).', {
        selfie_file_id: 'must be a JPEG or PNG photo',
      });
    }
    const row = await kycRepo.insert(trx, {
      user_id: userId,
      status: 'PENDING',
      first_name: input.first_name,
      last_name: input.last_name,
      date_of_birth: input.date_of_birth,
      address: input.address,
      city: input.city,
      postal_code: input.postal_code,
      country_code: input.country_code,
      id_type: input.id_type,
      id_number: input.id_number,
      id_front_file_id: BigInt(input.id_front_file_id),
      id_back_file_id: input.id_back_file_id === undefined ? null : BigInt(input.id_back_file_id),
      selfie_file_id: BigInt(input.selfie_file_id),
      created_at: now,
    });
    await usersRepo.update(trx, userId, { kyc_status: 'PENDING' });
    return kycRowToKyc(row);
  });
}

/** An operator's decision on the waiting submission of a user, with a notification to them. */
export async function decide(
  ctx: AppContext,
  email: string,
  decision: { status: 'APPROVED' | 'REJECTED'; reason?: string },
): Promise<TKyc> {
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx: Database) => {
    const user = await usersRepo.findByEmail(trx, email);
    if (!user) throw notFound('There is no user with this email.');
    const reason =
      decision.status === 'REJECTED' ? (decision.reason ?? 'The documents could not be verified.') : null;
    const row = await kycRepo.decidePending(trx, user.user_id, {
      status: decision.status,
      reason,
      decidedAt: now,
    });
    if (!row) throw notFound('This user has no KYC submission waiting for a decision.');
    await usersRepo.update(trx, user.user_id, { kyc_status: decision.status });
    await notify(trx, user.user_id, {
      ...(decision.status === 'APPROVED'
        ? { type: 'KYC_APPROVED', params: {} }
        : { type: 'KYC_REJECTED', params: { reason: decision.reason ?? null } }),
      link: links.kyc,
      now,
    });
    return kycRowToKyc(row);
  });
}
