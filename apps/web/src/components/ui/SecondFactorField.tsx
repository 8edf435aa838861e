import type { TTwoFactorChallengeData, ZSecondFactorBody } from '@fit24/contract';
import { IonIcon } from '@ionic/react';
import { checkmarkCircle, shieldCheckmarkOutline } from 'ionicons/icons';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { i18n } from '../../i18n/i18n.ts';
import type { FieldErrors } from '../../lib/forms.ts';
import { passkeyStepUp } from '../../lib/passkey-step-up.ts';
import { useSecurity } from '../../lib/security.ts';
import { supportsPasskeys } from '../../lib/webauthn.ts';
import {
  SecondFactorInput,
  type SecondFactorInputProps,
  type SecondFactorMode,
} from './SecondFactorInput.tsx';
import { useAction } from './use-form.ts';

/** What the person can confirm with: `totp` (a code or a recovery code), `passkey`. */
export type SecondFactorMethod = TTwoFactorChallengeData['methods'][number];

/** What a sensitive call takes besides its own fields (`secondFactorShape` of the contract). */
export type SecondFactorProof = z.input<typeof ZSecondFactorBody>;

export interface SecondFactorOptions {
  /**
   * The refusal to show at the field, e.g. `form.errors.two_factor_code ?? form.errors.passkey_token`
   * (the server's 401 names `two_factor_code` when the code is missing or wrong).
   */
  error?: string | undefined;
  /** Pressing Enter in the code input (submits the form the field belongs to). */
  onEnter?: () => void;
  /** Prefix of the field's test ids; `second-factor` unless given. */
  testId?: string;
}

export interface SecondFactor {
  /** Two-factor authentication is on: the call needs `proof`. False while the settings load. */
  required: boolean;
  /** What the person can confirm with: `totp` (a code or a recovery code), `passkey`. */
  methods: SecondFactorMethod[];
  /** Spread into the call's body: `{ ...body, ...secondFactor.proof }`. Empty when nothing was given. */
  proof: SecondFactorProof;
  /** The input (null when 2FA is off): place it in the form, above the submit button. */
  field: ReactNode;
  /**
   * Forget the code and the passkey confirmation. Call it after every submission, refused or not: a
   * code is accepted once and a passkey confirmation is single-use.
   */
  reset(): void;
  /** For `useForm`'s `check`: an error on `two_factor_code` when 2FA is on and nothing was given. */
  check(): FieldErrors | null;
  /** The settings are still loading. */
  loading: boolean;
}

/** A passkey confirmation is dropped a little before the server's five minutes end. */
const TOKEN_MARGIN_SECONDS = 15;

/**
 * The second factor for a sensitive action (withdraw, transfer, address book, whitelist, turning 2FA
 * off, passkeys): reads `security.get` to know whether 2FA is on, and gives the field to show and the
 * proof to send. With TOTP on the field asks for the app's 6-digit code (or a recovery code); with a
 * passkey it offers "Confirm with passkey", which runs the step-up ceremony and keeps its token.
 */
export function useSecondFactor(options: SecondFactorOptions = {}): SecondFactor {
  const { error, onEnter, testId = 'second-factor' } = options;
  const security = useSecurity().data?.security;
  const stepping = useAction();
  const [mode, setMode] = useState<SecondFactorMode>('code');
  const [code, setCode] = useState('');
  const [token, setToken] = useState<{ value: string; expiresAt: number } | null>(null);

  const totp = security?.totp_enabled === 1;
  const hasPasskeys = (security?.passkeys.length ?? 0) > 0;
  const required = security?.two_factor_enabled === 1;
  const methods = useMemo<SecondFactorMethod[]>(
    () => [...(totp ? (['totp'] as const) : []), ...(hasPasskeys ? (['passkey'] as const) : [])],
    [totp, hasPasskeys],
  );

  // Drop the confirmation before the server would refuse it as expired.
  useEffect(() => {
    if (!token) return;
    const timer = setTimeout(() => setToken(null), Math.max(0, token.expiresAt - Date.now()));
    return () => clearTimeout(timer);
  }, [token]);

  // The mode stays: someone using recovery codes keeps using them after a refusal.
  const reset = useCallback(() => {
    setCode('');
    setToken(null);
  }, []);

  const confirmWithPasskey = () =>
    stepping.run({
      send: passkeyStepUp,
      onSuccess: (data) => {
        setCode('');
        setToken({
          value: data.passkey_token,
          expiresAt: Date.now() + Math.max(0, data.expires_in - TOKEN_MARGIN_SECONDS) * 1000,
        });
      },
    });

  const proof = useMemo<SecondFactorProof>(() => {
    if (token) return { passkey_token: token.value };
    const trimmed = code.trim();
    return trimmed ? { two_factor_code: trimmed } : {};
  }, [token, code]);

  const check = useCallback((): FieldErrors | null => {
    if (!required || proof.two_factor_code || proof.passkey_token) return null;
    return {
      two_factor_code:
        mode === 'recovery'
          ? i18n.t('secondFactor.recoveryPrompt')
          : methods.includes('totp')
            ? i18n.t('secondFactor.totpPrompt')
            : i18n.t('secondFactor.passkeyFirst'),
    };
  }, [required, proof, methods, mode]);

  const passkeyButton =
    hasPasskeys && supportsPasskeys()
      ? {
          busy: stepping.busy,
          onConfirm: () => void confirmWithPasskey(),
          label: i18n.t('secondFactor.confirmPasskey'),
        }
      : undefined;

  const field = required ? (
    <SecondFactorField
      mode={mode}
      onMode={setMode}
      code={code}
      onCode={setCode}
      totp={totp}
      recovery={totp || (security?.recovery_codes_left ?? 0) > 0}
      passkey={passkeyButton}
      confirmed={token !== null}
      onUndo={() => setToken(null)}
      error={error}
      onEnter={onEnter}
      testId={testId}
    />
  ) : null;

  return { required, methods, proof, field, reset, check, loading: security === undefined };
}

export interface SecondFactorFieldProps {
  mode: SecondFactorMode;
  onMode: (mode: SecondFactorMode) => void;
  code: string;
  onCode: (code: string) => void;
  totp: boolean;
  recovery: boolean;
  passkey: SecondFactorInputProps['passkey'];
  /** A passkey confirmed the action already: say so instead of asking. */
  confirmed: boolean;
  onUndo: () => void;
  error?: string | undefined;
  onEnter?: (() => void) | undefined;
  testId: string;
}

/** The boxed "Two-factor authentication" part of a form; `useSecondFactor` renders it as `field`. */
export function SecondFactorField({
  confirmed,
  onUndo,
  code,
  onCode,
  testId,
  ...input
}: SecondFactorFieldProps) {
  const { t } = useTranslation();
  return (
    <div className="fit24-2fa-box" data-testid={`${testId}-box`}>
      <p className="fit24-2fa-box__title">
        <IonIcon icon={shieldCheckmarkOutline} aria-hidden="true" />
        {t('secondFactor.title')}
      </p>
      {confirmed ? (
        <div className="fit24-2fa-box__done" data-testid={`${testId}-confirmed`}>
          <span>
            <IonIcon icon={checkmarkCircle} aria-hidden="true" />
            {t('secondFactor.passkeyDone')}
          </span>
          <button type="button" className="fit24-link" data-testid={`${testId}-undo`} onClick={onUndo}>
            {t('secondFactor.another')}
          </button>
        </div>
      ) : (
        <SecondFactorInput {...input} value={code} onChange={onCode} testId={testId} />
      )}
    </div>
  );
}
