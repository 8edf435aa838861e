import { type Dispatch, type SetStateAction, useEffect } from 'react';
import type { FieldErrors } from '../../lib/forms.ts';
import type { SecondFactorProof } from './SecondFactorField.tsx';

/**
 * Clears a form's refusal of the second factor ("Is not correct") as soon as a new code is typed or a
 * passkey confirms again, so the error does not sit under the next attempt. Not when the proof is
 * emptied after a submission: that is when the error has just arrived.
 */
export function useSecondFactorErrorReset(
  proof: SecondFactorProof,
  setErrors: Dispatch<SetStateAction<FieldErrors>>,
): void {
  const { two_factor_code: code, passkey_token: token } = proof;
  useEffect(() => {
    if (!code && !token) return;
    setErrors((current) =>
      current.two_factor_code || current.passkey_token
        ? { ...current, two_factor_code: undefined, passkey_token: undefined }
        : current,
    );
  }, [code, token, setErrors]);
}
