import { beforeEach, describe, expect, it } from 'vitest';
import {
  forgetReferralCode,
  normalizeReferralCode,
  readReferralCode,
  rememberReferralCode,
} from './referral.ts';

describe('referral code from a share link', () => {
  beforeEach(async () => {
    await forgetReferralCode();
  });

  it('reads codes as the server does and refuses what is not one', () => {
    expect(normalizeReferralCode(' fit24ab ')).toBe('FIT24AB');
    expect(normalizeReferralCode('no spaces please')).toBeNull();
    expect(normalizeReferralCode('')).toBeNull();
  });

  it('keeps a valid code in Preferences key referral_code for the register form', async () => {
    await rememberReferralCode('abcd1234');
    expect(localStorage.getItem('CapacitorStorage.referral_code')).toBe('ABCD1234');
    await expect(readReferralCode()).resolves.toBe('ABCD1234');
  });

  it('ignores an invalid code and forgets the code after use', async () => {
    await rememberReferralCode('<script>');
    await expect(readReferralCode()).resolves.toBeNull();
    await rememberReferralCode('GOOD01');
    await forgetReferralCode();
    await expect(readReferralCode()).resolves.toBeNull();
  });
});
