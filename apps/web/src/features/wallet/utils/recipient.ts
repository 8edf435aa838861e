import type { ErrorEnvelope } from '@fit24/contract';
import type { TFunction } from 'i18next';
import type { RecipientAnswer } from '../api/get-transfer-recipient.ts';
import { isPause } from './send-errors.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface RecipientStatus {
  /** What is wrong with the recipient, under the email field (and why the review stays off). */
  problem: string | null;
  /** The lookup for the typed email has not answered yet. */
  checking: boolean;
  /** Who the transfer pays, once the server has answered for the email as typed now. */
  maskedName: string | null;
}

/** The user typed something that can be looked up: a well-formed email that is not their own. */
export function lookupEmail(typed: string, ownEmail: string): string | null {
  const email = typed.trim().toLowerCase();
  return EMAIL.test(email) && email !== ownEmail.toLowerCase() ? email : null;
}

/**
 * What the transfer form says about its recipient: the typed email, the settled one (debounced) the
 * lookup was made for, and the lookup's state. Only a masked name found for the email as typed now lets
 * the review open.
 */
export function recipientStatus(
  t: TFunction<'wallet'>,
  typed: string,
  settled: string,
  ownEmail: string,
  lookup: { answer: RecipientAnswer | undefined; error: Error | null },
): RecipientStatus {
  const email = typed.trim().toLowerCase();
  if (!EMAIL.test(email)) return { problem: t('transfer.emailInvalid'), checking: false, maskedName: null };
  if (email === ownEmail.toLowerCase())
    return { problem: t('transfer.self'), checking: false, maskedName: null };
  if (settled.trim().toLowerCase() !== email) return { problem: null, checking: true, maskedName: null };
  const { answer, error } = lookup;
  if (!answer) {
    return error
      ? { problem: error.message, checking: false, maskedName: null }
      : { problem: null, checking: true, maskedName: null };
  }
  if ('masked_name' in answer) return { problem: null, checking: false, maskedName: answer.masked_name };
  return { problem: refusalText(t, answer.refusal), checking: false, maskedName: null };
}

function refusalText(t: TFunction<'wallet'>, refusal: ErrorEnvelope): string {
  if (refusal.code === 404) return t('transfer.recipient.notFound');
  if (refusal.code === 400) {
    return refusal.fields?.to_email_id === 'must be another user'
      ? t('transfer.self')
      : t('transfer.emailInvalid');
  }
  if (refusal.code === 429) {
    const count = Math.max(1, Math.ceil((refusal.data?.retry_after ?? 60) / 60));
    return t('transfer.recipient.tooMany', { count });
  }
  if (isPause(refusal)) return t('transfer.recipient.paused');
  if (refusal.code === 422) return t('transfer.recipient.unverified');
  return refusal.message;
}
