import { Preferences } from '@capacitor/preferences';
import { api } from '../../../lib/api.ts';
import { DEVICE_UUID_KEY } from '../../../lib/device.ts';
import { normalizeReferralCode, readReferralCode } from '../../../lib/referral.ts';

/**
 * The referral code to prefill: the one a share link recorded for this device on the server
 * (GET /api/user/referrer with the stored `device_uuid`), else the one the share page kept on the device
 * (Preferences `referral_code`), else none. Never fails.
 */
export async function readStartingCode(): Promise<string | null> {
  try {
    const { value: device } = await Preferences.get({ key: DEVICE_UUID_KEY });
    if (device) {
      const answer = await api.call('user.referrer', { query: { device_uuid: device } });
      const code = answer.error ? null : normalizeReferralCode(answer.data.code);
      if (code) return code;
    }
  } catch {
    // Storage unavailable: fall through to the kept code.
  }
  return readReferralCode();
}
