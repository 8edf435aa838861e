import type { TFunction } from 'i18next';
import { normalizeReferralCode } from '../../../lib/referral.ts';
import type { Sponsor } from './lookup-code.ts';

export type CodeState = 'empty' | 'invalid' | 'checking' | 'found' | 'not-found' | 'unchecked';

export interface CodeStatus {
  state: CodeState;
  message: string;
  /** Whether the form may be sent with this code. */
  canJoin: boolean;
}

/**
 * What the join form says under the referral code: typed text, the settled (debounced) text, and the
 * lookup's answer for it. A code that could not be checked (network) may still be sent: the server
 * checks it again.
 */
export function codeStatus(
  t: TFunction<'earn'>,
  typed: string,
  settled: string,
  lookup: { pending: boolean; error: boolean; sponsor: Sponsor | null | undefined },
): CodeStatus {
  const text = typed.trim();
  if (text === '') {
    return { state: 'empty', message: t('code.empty'), canJoin: true };
  }
  const code = normalizeReferralCode(text);
  if (!code) return { state: 'invalid', message: t('code.invalid'), canJoin: false };
  if (settled.trim() !== text || lookup.pending) {
    return { state: 'checking', message: t('code.checking'), canJoin: false };
  }
  if (lookup.error) {
    return {
      state: 'unchecked',
      message: t('code.unchecked'),
      canJoin: true,
    };
  }
  if (!lookup.sponsor) return { state: 'not-found', message: t('code.notFound'), canJoin: false };
  return { state: 'found', message: t('code.found', { name: lookup.sponsor.name }), canJoin: true };
}
