import type { ErrorName } from '@fit24/contract';
import { AppError } from './app-error.ts';

/**
 * A database rule a request ran into (a unique or check constraint, a deadlock between parallel
 * requests) is the caller's 4xx, never a 500: parallel requests that pass a service's own check
 * together meet here. The services check first for a precise answer; this is the net under them.
 */
export const uniqueAnswers: Record<string, [ErrorName, string, Record<string, string>?]> = {
  users_email_key: [
    'CONFLICT',
    'An account with this email already exists. Sign in instead.',
    { email_id: 'is already registered' },
  ],
  affiliates_user_id_key: ['CONFLICT', 'You have already joined the affiliate programme.'],
  kyc_one_pending_idx: ['CONFLICT', 'Your documents are already being reviewed.'],
  banks_user_account_key: [
    'CONFLICT',
    'This bank account is already added.',
    { account_number: 'is already added' },
  ],
  withdrawal_addresses_live_key: [
    'CONFLICT',
    'This address is already in your address book. If its email code expired, remove it and add it again.',
    { address: 'is already saved' },
  ],
  passkeys_credential_id_key: ['CONFLICT', 'This passkey is registered already.'],
  operators_email_key: [
    'CONFLICT',
    'An operator with this email exists.',
    { email: 'is already an operator' },
  ],
  withdrawal_approvals_pk: ['CONFLICT', 'You approved this withdrawal already: a second operator must.'],
};

interface DatabaseError {
  code: string;
  constraint?: string;
}

function isDatabaseError(error: unknown): error is DatabaseError {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((error as { code: string }).code)
  );
}

/** The 4xx a database error means for the caller, or null when it is a fault of ours (500). */
export function fromDatabaseError(error: unknown): AppError | null {
  if (!isDatabaseError(error)) return null;
  switch (error.code) {
    case '23505': {
      const known = error.constraint ? uniqueAnswers[error.constraint] : undefined;
      if (known) return new AppError(known[0], known[1], known[2]);
      return new AppError('CONFLICT', 'This exists already.');
    }
    case '23514':
      return new AppError(
        'UNPROCESSABLE',
        'This was refused by a rule of the exchange (such as a balance below zero).',
      );
    case '40001':
    case '40P01':
      return new AppError('CONFLICT', 'Another request changed this at the same moment. Please try again.');
    default:
      return null;
  }
}
