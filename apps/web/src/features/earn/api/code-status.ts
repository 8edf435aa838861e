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
  typed: string,
  settled: string,
  lookup: { pending: boolean; error: boolean; sponsor: Sponsor | null | undefined },
): CodeStatus {
  const text = typed.trim();
  if (text === '') {
    return { state: 'empty', message: 'Optional: the code of the person who invited you.', canJoin: true };
  }
  const code = normalizeReferralCode(text);
  if (!code) return { state: 'invalid', message: 'A code has 4 to 16 letters or digits.', canJoin: false };
  if (settled.trim() !== text || lookup.pending) {
    return { state: 'checking', message: 'Checking the code…', canJoin: false };
  }
  if (lookup.error) {
    return {
      state: 'unchecked',
      message: 'The code could not be checked now; it is checked when you join.',
      canJoin: true,
    };
  }
  if (!lookup.sponsor) return { state: 'not-found', message: 'Code not found', canJoin: false };
  return { state: 'found', message: `Sponsor: ${lookup.sponsor.name}`, canJoin: true };
}
