import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n/i18n.ts';
import type { FieldErrors } from '../../lib/forms.ts';
import { PasswordStrengthMeter } from './PasswordStrengthMeter.tsx';
import { PasswordField } from './TextField.tsx';

export interface NewPasswordFieldsProps {
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  errors: FieldErrors;
  /** Error keys: the body's name for the password (`password`, `txn_password`) and `confirm`. */
  passwordKey?: string;
  label?: string;
  /** Shows the strength of the sign-in password rule; off for the transaction password. */
  strength?: boolean;
  onEnter?: () => void;
  testIdPrefix: string;
}

/** A new password, its strength and its confirmation. */
export function NewPasswordFields({
  password,
  confirm,
  onPassword,
  onConfirm,
  errors,
  passwordKey = 'password',
  label: givenLabel,
  strength = true,
  onEnter,
  testIdPrefix,
}: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  const label = givenLabel ?? t('password.newLabel');
  return (
    <>
      <PasswordField
        label={label}
        value={password}
        onChange={onPassword}
        error={errors[passwordKey]}
        autocomplete="new-password"
        testId={`${testIdPrefix}-password`}
      />
      {strength && <PasswordStrengthMeter password={password} testId={`${testIdPrefix}-strength`} />}
      <PasswordField
        label={t('password.confirm', { label: label.toLowerCase() })}
        value={confirm}
        onChange={onConfirm}
        error={errors.confirm}
        autocomplete="new-password"
        onEnter={onEnter}
        testId={`${testIdPrefix}-confirm`}
      />
    </>
  );
}

/** The confirmation check every new-password form makes before sending. */
export function confirmMismatch(password: string, confirm: string): FieldErrors | null {
  return password === confirm ? null : { confirm: i18n.t('password.mismatch') };
}
