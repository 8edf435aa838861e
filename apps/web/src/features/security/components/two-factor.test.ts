import { describe, expect, it } from 'vitest';
import { normaliseRecoveryCode } from '../../../components/ui/SecondFactorInput.tsx';
import { i18n } from '../../../i18n/i18n.ts';
import { recoveryCodesText } from './RecoveryCodesPanel.tsx';
import { groupSecret } from './TotpSetup.tsx';

describe('the second factor as people type and read it', () => {
  it('groups an authenticator key by four characters', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP');
    expect(groupSecret('JBSWY3DPE')).toBe('JBSW Y3DP E');
  });

  it('upper-cases a typed recovery code and keeps only its letters, digits and dash', () => {
    expect(normaliseRecoveryCode('k7qm2-xrp4d')).toBe('K7QM2-XRP4D');
    expect(normaliseRecoveryCode(' k7qm2 xrp4d ')).toBe('K7QM2XRP4D');
    expect(normaliseRecoveryCode('K7QM2-XRP4D-EXTRA')).toBe('K7QM2-XRP4D');
  });

  it('writes the recovery codes file with the account and every code, numbered', () => {
    const codes = ['AAAAA-BBBBB', 'CCCCC-DDDDD'];
    const text = recoveryCodesText(i18n.getFixedT('en', 'security'), codes, 'ada@example.com', 1_700_000_000);
    expect(text).toContain('Account: ada@example.com');
    expect(text).toContain(' 1. AAAAA-BBBBB\n 2. CCCCC-DDDDD\n');
  });
});
