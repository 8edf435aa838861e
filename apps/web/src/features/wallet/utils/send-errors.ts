import type { ErrorEnvelope } from '@fit24/contract';
import { NETWORK_ERROR_CODE } from '../../../lib/api-client.ts';

/**
 * Whether a refused withdrawal or transfer is fixed inside the review sheet (a wrong transaction
 * password, too many tries, a lost connection: confirm again there, with the same idempotency key) rather
 * than in the form behind it (address, amount, recipient, balance).
 */
export function staysInReview(error: ErrorEnvelope): boolean {
  return error.fields?.txn_password !== undefined || error.code === NETWORK_ERROR_CODE || error.code === 429;
}

/** The server says the account has no transaction password (set elsewhere since the page loaded). */
export function lacksTxnPassword(error: ErrorEnvelope): boolean {
  return error.fields?.txn_password === 'is not set yet';
}
