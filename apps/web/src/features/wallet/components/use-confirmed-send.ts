import type { Envelope, ErrorEnvelope } from '@fit24/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { z } from 'zod';
import { useForm } from '../../../components/ui/use-form.ts';
import type { FieldErrors } from '../../../lib/forms.ts';
import { createIdempotencyKeys } from '../../../lib/idempotency.ts';
import { ACCOUNT_QUERY_KEY } from '../../../lib/query-client.ts';
import { refreshFunds } from '../api/refresh-funds.ts';
import { lacksTxnPassword, staysInReview } from '../utils/send-errors.ts';
import type { ReviewSheetProps } from './ReviewSheet.tsx';

type SheetControl = Pick<
  ReviewSheetProps,
  'isOpen' | 'onDismiss' | 'password' | 'onPasswordChange' | 'passwordError' | 'busy' | 'onConfirm'
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
}

/**
 * The flow a withdrawal and a transfer share: the form, `review` opening the sheet once the form's own
 * checks pass, the transaction password and confirm inside the sheet (one idempotency key per body, so a
 * retry moves money once), then the result. A refusal the sheet can fix (wrong password, too many tries,
 * a lost connection) keeps it open; any other closes it and shows the error on the form.
 */
export function useConfirmedSend<V extends { txn_password: string }, S extends z.ZodType, T, R>(
  options: ConfirmedSendOptions<V, S, T, R>,
) {
  const { assetId, empty, schema, send, resultOf, fieldErrorOf } = options;
  const queryClient = useQueryClient();
  const form = useForm(empty);
  const keys = useRef(createIdempotencyKeys()).current;
  const [reviewing, setReviewing] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [result, setResult] = useState<R | null>(null);

  /** Shows the form's own errors, and opens the review sheet when there are none. */
  const review = (errors: FieldErrors) => {
    setFormError(null);
    form.setErrors(errors);
    if (Object.keys(errors).length === 0) setReviewing(true);
  };

  const confirm = (body: unknown) =>
    form.submit({
      schema,
      body,
      send: (checked) => send(checked, keys.keyFor(checked)),
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
        if (!staysInReview(error)) {
          setReviewing(false);
          const fieldErrors = fieldErrorOf?.(error);
          if (fieldErrors) form.setErrors(fieldErrors);
          else if (!error.fields) setFormError(error.message);
        }
        return false;
      },
    });

  /** The review sheet's state and its password and confirm, for a body built from the current values. */
  const sheet = (body: unknown): SheetControl => ({
    isOpen: reviewing,
    onDismiss: () => setReviewing(false),
    password: form.values.txn_password,
    onPasswordChange: (value) => form.set('txn_password', value as V['txn_password']),
    passwordError: form.errors.txn_password,
    busy: form.busy,
    onConfirm: () => void confirm(body),
  });

  /** From the result screen back to an empty form. */
  const again = () => {
    setResult(null);
    form.setValues(empty);
  };

  return { form, formError, result, review, sheet, again };
}
