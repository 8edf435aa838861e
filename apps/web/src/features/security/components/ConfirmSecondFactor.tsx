import type { Envelope } from '@fit24/contract';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type SecondFactorProof, useSecondFactor } from '../../../components/ui/SecondFactorField.tsx';
import { SubmitButton } from '../../../components/ui/SubmitButton.tsx';
import { useAction } from '../../../components/ui/use-form.ts';

export interface ConfirmSecondFactorProps<T> {
  /** What is about to happen and what it means (a cool-down, old codes stop working). */
  children?: ReactNode;
  confirmLabel: string;
  color?: 'primary' | 'danger';
  send: (proof: SecondFactorProof) => Promise<Envelope<T>>;
  onDone: (data: T) => void | Promise<void>;
  onCancel: () => void;
  testId: string;
}

/**
 * A sensitive change confirmed with the second factor (turning 2FA off, new recovery codes, removing a
 * passkey): the field, then the button; a refused code is shown at the field, anything else in a toast.
 */
export function ConfirmSecondFactor<T>({
  children,
  confirmLabel,
  color = 'primary',
  send,
  onDone,
  onCancel,
  testId,
}: ConfirmSecondFactorProps<T>) {
  const { t } = useTranslation('security');
  const [error, setError] = useState<string>();
  const action = useAction();
  const secondFactor = useSecondFactor({ error, onEnter: () => confirm(), testId: `${testId}-2fa` });

  function confirm() {
    const missing = secondFactor.check();
    if (missing) {
      setError(missing.two_factor_code);
      return;
    }
    setError(undefined);
    const proof = secondFactor.proof;
    void action.run({
      send: () => send(proof),
      onSuccess: async (data) => {
        secondFactor.reset();
        await onDone(data);
      },
      onError: (refusal) => {
        // Used either way: a code is accepted once, a passkey confirmation is single-use.
        secondFactor.reset();
        if (!refusal.fields?.two_factor_code && !refusal.fields?.passkey_token) return false;
        setError(refusal.message);
        return true;
      },
    });
  }

  return (
    <form
      className="fit24-form tfa-confirm"
      onSubmit={(event) => event.preventDefault()}
      noValidate
      data-testid={testId}
    >
      {children}
      {secondFactor.field}
      <div className="tfa-actions">
        <button type="button" className="fit24-link" onClick={onCancel} data-testid={`${testId}-cancel`}>
          {t('cancel')}
        </button>
        <SubmitButton busy={action.busy} color={color} onClick={confirm} testId={`${testId}-submit`}>
          {confirmLabel}
        </SubmitButton>
      </div>
    </form>
  );
}
