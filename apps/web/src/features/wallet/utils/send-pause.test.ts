import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n.ts';
import { cooldownCause } from './send-pause.ts';

const t = i18n.getFixedT('en', 'wallet');

describe('cooldownCause', () => {
  it('words the reasons the server records', () => {
    expect(cooldownCause(t, 'password changed')).toBe('your password change');
    expect(cooldownCause(t, 'passkey removed')).toBe('a passkey was removed');
  });

  it('keeps an unknown reason and names a missing one', () => {
    expect(cooldownCause(t, 'recovery email changed')).toBe('a security change (recovery email changed)');
    expect(cooldownCause(t, null)).toBe('a security change');
  });
});
