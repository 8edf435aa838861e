import { ZNewPassword } from '@fit24/contract';
import { describe, expect, it } from 'vitest';
import { passwordStrength } from './password.ts';

describe('passwordStrength', () => {
  it('says what the rule needs before anything is typed', () => {
    expect(passwordStrength('')).toMatchObject({ score: 0, acceptable: false });
    expect(passwordStrength('').hint).toContain('10 characters');
  });

  it('counts the characters still missing below the minimum length', () => {
    expect(passwordStrength('Abc123!')).toMatchObject({
      score: 1,
      label: 'Too short',
      hint: '3 more characters needed',
      acceptable: false,
    });
    expect(passwordStrength('Abc123!xy').hint).toBe('1 more character needed');
  });

  it('refuses a long password of one kind of character, as the server does', () => {
    expect(passwordStrength('abcdefghijkl')).toMatchObject({ score: 1, label: 'Weak', acceptable: false });
    expect(passwordStrength('123456789012')).toMatchObject({ score: 1, acceptable: false });
  });

  it('scores accepted passwords by kinds of character and length', () => {
    expect(passwordStrength('abcdefgh12')).toMatchObject({ score: 2, label: 'Fair', acceptable: true });
    expect(passwordStrength('Abcdefgh12')).toMatchObject({ score: 3, label: 'Good' });
    expect(passwordStrength('abcdefghijkl12')).toMatchObject({ score: 3, label: 'Good' });
    expect(passwordStrength('Abcdefgh1!')).toMatchObject({ score: 4, label: 'Strong' });
    expect(passwordStrength('Abcdefghijkl12')).toMatchObject({ score: 4, label: 'Strong' });
  });

  it('agrees with the contract on what is acceptable', () => {
    for (const password of [
      '',
      'short1A',
      'alllowercase',
      'abcdefgh12',
      `${'A'.repeat(129)}1`,
      'Correct-Horse-9',
    ]) {
      expect(passwordStrength(password).acceptable).toBe(ZNewPassword.safeParse(password).success);
    }
  });
});
