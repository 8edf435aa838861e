import { IonIcon } from '@ionic/react';
import { fingerPrintOutline } from 'ionicons/icons';
import { SubmitButton } from './SubmitButton.tsx';
import { OtpField, TextField } from './TextField.tsx';
import './second-factor.css';
import { useTranslation } from 'react-i18next';

/** A 6-digit code from the authenticator app, or one of the ten recovery codes. */
export type SecondFactorMode = 'code' | 'recovery';

/** A recovery code as typed: letters and digits upper-cased, one dash, at most `ABCDE-FGHJK`. */
export function normaliseRecoveryCode(value: string): string {
  return value
    .toUpperCase()
    .replace(/[^A-Z0-9-]/g, '')
    .slice(0, 11);
}

export interface SecondFactorInputProps {
  mode: SecondFactorMode;
  onMode: (mode: SecondFactorMode) => void;
  value: string;
  onChange: (value: string) => void;
  /** Offer the authenticator app's 6-digit code (TOTP is on). */
  totp: boolean;
  /** Offer "Use a recovery code". */
  recovery: boolean;
  /** A passkey may confirm instead: the button and its running state. */
  passkey?: { busy: boolean; onConfirm: () => void; label: string } | undefined;
  error?: string | undefined;
  onEnter?: (() => void) | undefined;
  /** Called once the sixth digit is typed (a step that asks only for the code may submit then). */
  onComplete?: ((code: string) => void) | undefined;
  autofocus?: boolean;
  testId: string;
}

/**
 * The second factor as a person gives it: the app's code (or a recovery code, behind a toggle) and, when
 * they have one, "Confirm with passkey". Stateless: the sign-in step and `SecondFactorField` hold the values.
 */
export function SecondFactorInput({
  mode,
  onMode,
  value,
  onChange,
  totp,
  recovery,
  passkey,
  error,
  onEnter,
  onComplete,
  autofocus,
  testId,
}: SecondFactorInputProps) {
  const { t } = useTranslation();
  const codeShown = mode === 'recovery' || totp;
  const toggle = mode === 'recovery' ? totp : recovery;
  return (
    <div className="fit24-2fa" data-testid={testId}>
      {codeShown &&
        (mode === 'code' ? (
          <OtpField
            label={t('secondFactor.totpLabel')}
            value={value}
            onChange={(next) => {
              onChange(next);
              if (next.length === 6 && value.length < 6) onComplete?.(next);
            }}
            error={error}
            onEnter={onEnter}
            autofocus={autofocus}
            testId={`${testId}-code`}
          />
        ) : (
          <TextField
            label={t('secondFactor.recoveryLabel')}
            placeholder="ABCDE-FGHJK"
            helper={t('secondFactor.recoveryHelper')}
            value={value}
            onChange={(next) => onChange(normaliseRecoveryCode(next))}
            autocapitalize="characters"
            autocomplete="off"
            maxlength={11}
            className="fit24-2fa__recovery"
            error={error}
            onEnter={onEnter}
            autofocus={autofocus}
            testId={`${testId}-recovery`}
          />
        ))}
      {toggle && (
        <button
          type="button"
          className="fit24-link fit24-2fa__toggle"
          data-testid={`${testId}-toggle`}
          onClick={() => {
            onChange('');
            onMode(mode === 'recovery' ? 'code' : 'recovery');
          }}
        >
          {mode === 'recovery' ? t('secondFactor.useApp') : t('secondFactor.useRecovery')}
        </button>
      )}
      {passkey && (
        <PasskeyChoice
          {...passkey}
          codeShown={codeShown}
          error={codeShown ? undefined : error}
          testId={`${testId}-passkey`}
        />
      )}
    </div>
  );
}

/**
 * The passkey button of a second factor: under "or" and outlined beside a code field, alone and solid
 * (`size`, large on a page of its own) when there is no code to type, with the refusal under it then.
 */
export function PasskeyChoice({
  busy,
  onConfirm,
  label,
  codeShown,
  size,
  error,
  testId,
}: {
  busy: boolean;
  onConfirm: () => void;
  label: string;
  codeShown: boolean;
  size?: 'large' | undefined;
  error?: string | undefined;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      {codeShown && (
        <div className="fit24-2fa__or" aria-hidden="true">
          <span>{t('secondFactor.or')}</span>
        </div>
      )}
      <SubmitButton
        busy={busy}
        fill={codeShown ? 'outline' : 'solid'}
        size={codeShown ? undefined : size}
        onClick={onConfirm}
        testId={testId}
      >
        {!busy && <IonIcon icon={fingerPrintOutline} slot="start" aria-hidden="true" />}
        {label}
      </SubmitButton>
      {error && (
        <p className="fit24-2fa__error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
