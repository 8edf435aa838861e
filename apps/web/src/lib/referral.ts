import { Preferences } from '@capacitor/preferences';
import { ZReferralCode } from '@fit24/contract';

/** Preferences key where an opened share link leaves its referral code for the register form. */
export const REFERRAL_CODE_KEY = 'referral_code';

/** A referral code as the server reads it (trimmed, upper case), or null when it is not one. */
export function normalizeReferralCode(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const parsed = ZReferralCode.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** Keeps a share link's code for a later registration; ignores a value that is not a code. */
export async function rememberReferralCode(raw: string | null | undefined): Promise<string | null> {
  const code = normalizeReferralCode(raw);
  if (!code) return null;
  try {
    await Preferences.set({ key: REFERRAL_CODE_KEY, value: code });
  } catch {
    // Storage unavailable: the code is simply not prefilled later.
  }
  return code;
}

export async function readReferralCode(): Promise<string | null> {
  try {
    const { value } = await Preferences.get({ key: REFERRAL_CODE_KEY });
    return normalizeReferralCode(value);
  } catch {
    return null;
  }
}

/** After a registration the code has done its work. */
export async function forgetReferralCode(): Promise<void> {
  try {
    await Preferences.remove({ key: REFERRAL_CODE_KEY });
  } catch {
    // Nothing to do.
  }
}
