import { PASSWORD_MIN_LENGTH, passwordClasses, ZNewPassword } from '@fit24/contract';
import { i18n } from '../i18n/i18n.ts';

export type StrengthScore = 0 | 1 | 2 | 3 | 4;

export interface PasswordStrength {
  /** 0 nothing typed, 1 refused by the rules, 2 fair, 3 good, 4 strong. */
  score: StrengthScore;
  label: string;
  /** What to do next, or what makes it strong. */
  hint: string;
  /** True when the server's rule (contract `ZNewPassword`) accepts it. */
  acceptable: boolean;
}

const LONG = 14;

/**
 * A live hint for a new password. The rule itself is the contract's (`ZNewPassword`: at least 10
 * characters mixing two kinds of character); beyond it, more kinds and more length score higher.
 */
export function passwordStrength(password: string): PasswordStrength {
  const acceptable = ZNewPassword.safeParse(password).success;
  if (password.length === 0) {
    return {
      score: 0,
      label: '',
      hint: i18n.t('password.ruleHint', { min: PASSWORD_MIN_LENGTH }),
      acceptable,
    };
  }
  const classes = passwordClasses(password);
  if (password.length < PASSWORD_MIN_LENGTH) {
    const missing = PASSWORD_MIN_LENGTH - password.length;
    return {
      score: 1,
      label: i18n.t('password.tooShort'),
      hint: i18n.t('password.missing', { count: missing }),
      acceptable,
    };
  }
  if (!acceptable) {
    const hint = classes < 2 ? i18n.t('password.mix') : i18n.t('password.tooLong');
    return { score: 1, label: i18n.t('password.weak'), hint, acceptable };
  }
  const score = Math.min(4, classes + (password.length >= LONG ? 1 : 0)) as StrengthScore;
  const labels = { 2: 'fair', 3: 'good', 4: 'strong' } as const;
  const hint = score === 4 ? i18n.t('password.strongHint') : i18n.t('password.strongerHint');
  return { score, label: i18n.t(`password.${labels[score as 2 | 3 | 4]}`), hint, acceptable };
}
