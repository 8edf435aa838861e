import { describe, expect, it } from 'vitest';
import { cooldownCause } from './send-pause.ts';

describe('cooldownCause', () => {
  it('words the reasons the server records', () => {
    expect(cooldownCause('password changed')).toBe('your password change');
    expect(cooldownCause('passkey removed')).toBe('a passkey was removed');
  });

  it('keeps an unknown reason and names a missing one', () => {
    expect(cooldownCause('recovery email changed')).toBe('a security change (recovery email changed)');
    expect(cooldownCause(null)).toBe('a security change');
  });
});
