import type { ErrorEnvelope } from '@fit24/contract';
import { NETWORK_ERROR_CODE } from '../../../lib/api-client.ts';

/**
 * Whether a refused withdrawal or transfer is fixed inside the review sheet (a wrong transaction
 * password or second factor, too many tries, a lost connection: confirm again there, with the same
 * idempotency key) rather than in the form behind it (address, amount, recipient, balance).
 */
export function staysInReview(error: ErrorEnvelope): boolean {
  const fields = error.fields ?? {};
  return (
    fields.txn_password !== undefined ||
    fields.two_factor_code !== undefined ||
    fields.passkey_token !== undefined ||
    error.code === NETWORK_ERROR_CODE ||
    error.code === 429
  );
}

/**
 * A refusal that no change to the form fixes, only time or support: the account is frozen (403), or a
 * rule holds until a known moment (422 with `until`: the cool-down after a security change, the 24-hour
 * limit, an address-book entry still waiting out its delay).
 */
export function isPause(error: ErrorEnvelope): boolean {
  return error.code === 403 || (error.code === 422 && typeof error.data?.until === 'number');
}

/** The server says the account has no transaction password (set elsewhere since the page loaded). */
export function lacksTxnPassword(error: ErrorEnvelope): boolean {
  return error.fields?.txn_password === 'is not set yet';
}
