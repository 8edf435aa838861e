import type { Envelope, ErrorEnvelope } from '@fit24/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { z } from 'zod';
import { useSecondFactor } from '../../../components/ui/SecondFactorField.tsx';
import { useSecondFactorErrorReset } from '../../../components/ui/second-factor-error.ts';
import { useForm } from '../../../components/ui/use-form.ts';
import type { FieldErrors } from '../../../lib/forms.ts';
import { createIdempotencyKeys } from '../../../lib/idempotency.ts';
import { ACCOUNT_QUERY_KEY } from '../../../lib/query-client.ts';
import { SECURITY_QUERY_KEY } from '../../../lib/security.ts';
import { refreshFunds } from '../api/refresh-funds.ts';
import { isPause, lacksTxnPassword, staysInReview } from '../utils/send-errors.ts';
import type { ReviewSheetProps } from './ReviewSheet.tsx';

type SheetControl = Pick<
  ReviewSheetProps,
  | 'isOpen'
  | 'onDismiss'
  | 'password'
  | 'onPasswordChange'
  | 'passwordError'
  | 'secondFactor'
  | 'busy'
  | 'onConfirm'
>;

export interface ConfirmedSendOptions<V, S extends z.ZodType, T, R> {
  assetId: number;
  /** The form's values when empty: on first render, after a success and for "again". */
  empty: V;
  /** The contract's body schema, checked before anything is sent. */
  schema: S;
  send: (body: z.output<S>, idempotencyKey: string) => Promise<Envelope<T>>;
  /** The part of the answer the result screen shows. */
  resultOf: (data: T) => R;
  /**
   * A refusal that belongs to one field of the form behind the sheet but comes without `fields` (a
   * transfer's unknown recipient): the field's errors, or null to show the message above the form.
   */
  fieldErrorOf?: (error: ErrorEnvelope) => FieldErrors | null;
  /** Prefix of the second factor's test ids: `<prefix>-2fa`. */
  testPrefix: string;
}

/**
 * The flow a withdrawal and a transfer share: the form, `review` opening the sheet once the form's own
 * checks pass, the transaction password and the second factor (when on) and confirm inside the sheet (one
 * idempotency key per body, so a retry moves money once), then the result. A refusal the sheet can fix
 * (wrong password or code, too many tries, a lost connection) keeps it open; a pause (frozen, cool-down,
 * limit: see `isPause`) closes it and is kept in `pause` for a banner; any other closes it and shows the
 * error on the form.
 */
export function useConfirmedSend<V extends { txn_password: string }, S extends z.ZodType, T, R>(
  options: ConfirmedSendOptions<V, S, T, R>,
) {
  const { assetId, empty, schema, send, resultOf, fieldErrorOf, testPrefix } = options;
  const queryClient = useQueryClient();
  const form = useForm(empty);
  const keys = useRef(createIdempotencyKeys()).current;
  const [reviewing, setReviewing] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [pause, setPause] = useState<ErrorEnvelope | null>(null);
  const lastBody = useRef<unknown>(null);
  const secondFactor = useSecondFactor({
    error: form.errors.two_factor_code ?? form.errors.passkey_token,
    onEnter: () => void confirm(lastBody.current),
    testId: `${testPrefix}-2fa`,
  });
  useSecondFactorErrorReset(secondFactor.proof, form.setErrors);
  const [result, setResult] = useState<R | null>(null);

  /** Shows the form's own errors, and opens the review sheet when there are none. */
  const review = (errors: FieldErrors) => {
    setFormError(null);
    setPause(null);
    form.setErrors(errors);
    if (Object.keys(errors).length === 0) setReviewing(true);
  };

  const confirm = async (body: unknown) => {
    let sent = false;
    await form.submit({
      schema,
      body: { ...(body as object), ...secondFactor.proof },
      check: () => secondFactor.check(),
      // The second factor changes on every try: like the server, the key leaves it out.
      send: (checked) => {
        sent = true;
        return send(checked, keys.keyFor(body));
      },
      onSuccess: (data) => {
        keys.reset();
        setReviewing(false);
        form.setValues(empty);
        setResult(resultOf(data));
        refreshFunds(queryClient, assetId);
      },
      onError: (error) => {
        if (lacksTxnPassword(error)) {
          void queryClient.invalidateQueries({ queryKey: ACCOUNT_QUERY_KEY });
        }
        if (isPause(error)) {
          // Frozen or cooling down since the page loaded: the banners read security.get again.
          void queryClient.invalidateQueries({ queryKey: SECURITY_QUERY_KEY });
        }
        if (!staysInReview(error)) {
          setReviewing(false);
          const fieldErrors = fieldErrorOf?.(error);
          if (fieldErrors) form.setErrors(fieldErrors);
          else if (isPause(error)) setPause(error);
          else if (!error.fields) setFormError(error.message);
        }
        return isPause(error);
      },
    });
    // A code is accepted once, a passkey confirmation is single-use: ask afresh after each try.
    if (sent) secondFactor.reset();
  };

  /** The review sheet's state and its password and confirm, for a body built from the current values. */
  const sheet = (body: unknown): SheetControl => {
    lastBody.current = body;
    return {
      isOpen: reviewing,
      onDismiss: () => setReviewing(false),
      password: form.values.txn_password,
      onPasswordChange: (value) => form.set('txn_password', value as V['txn_password']),
      passwordError: form.errors.txn_password,
      secondFactor: secondFactor.field,
      busy: form.busy,
      onConfirm: () => void confirm(body),
    };
  };

  /** From the result screen back to an empty form. */
  const again = () => {
    setResult(null);
    form.setValues(empty);
  };

  return { form, formError, pause, result, review, sheet, again };
}
