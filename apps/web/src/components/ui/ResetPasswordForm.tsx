import { ZPasswordResetBody } from '@fit24/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { retryAfterOf, useCountdown } from '../../lib/countdown.ts';
import { confirmMismatch, NewPasswordFields } from './NewPasswordFields.tsx';
import { ResendButton } from './ResendButton.tsx';
import { SubmitButton } from './SubmitButton.tsx';
import { OtpField } from './TextField.tsx';
import { useToast } from './toast.ts';
import { useAction, useForm } from './use-form.ts';

export interface ResetPasswordFormProps {
  /** The address the code was sent to (auth.passwordOtp). */
  email: string;
  /** Seconds before the code may be sent again, from the send that just happened. */
  initialWait: number;
  /** After auth.passwordReset succeeded: every session of the user is revoked by then. */
  onReset: () => void | Promise<void>;
  submitLabel?: string;
  testIdPrefix: string;
}

/** The second step of a password reset: the emailed code, the new password and its confirmation. */
export function ResetPasswordForm({
  email,
  initialWait,
  onReset,
  submitLabel,
  testIdPrefix: id,
}: ResetPasswordFormProps) {
  const { t } = useTranslation();
  const form = useForm({ otp: '', password: '', confirm: '' });
  const resend = useAction();
  const countdown = useCountdown();
  const toast = useToast();
  const { start } = countdown;
  useEffect(() => start(initialWait), [initialWait, start]);

  const submit = () =>
    form.submit({
      schema: ZPasswordResetBody,
      body: { email_id: email, otp: form.values.otp, password: form.values.password },
      check: () => confirmMismatch(form.values.password, form.values.confirm),
      send: (body) => api.call('auth.passwordReset', { body }),
      onSuccess: () => onReset(),
    });

  const sendAgain = () =>
    resend.run({
      send: () => api.call('auth.passwordOtp', { body: { email_id: email } }),
      onSuccess: () => {
        countdown.start(retryAfterOf(undefined));
        toast.success(t('password.codeSent', { email }));
      },
      onError: (error) => {
        if (error.code === 429) countdown.start(retryAfterOf(error));
        return false;
      },
    });

  return (
    <form className="fit24-form" onSubmit={(event) => event.preventDefault()} noValidate>
      <OtpField
        label={t('password.emailCode')}
        value={form.values.otp}
        onChange={(value) => form.set('otp', value)}
        error={form.errors.otp}
        testId={`${id}-otp`}
      />
      <div className="fit24-row fit24-row--end">
        <ResendButton left={countdown.left} busy={resend.busy} onClick={sendAgain} testId={`${id}-resend`} />
      </div>
      <NewPasswordFields
        password={form.values.password}
        confirm={form.values.confirm}
        onPassword={(value) => form.set('password', value)}
        onConfirm={(value) => form.set('confirm', value)}
        errors={form.errors}
        onEnter={submit}
        testIdPrefix={id}
      />
      <SubmitButton busy={form.busy} onClick={submit} testId={`${id}-submit`} size="large">
        {submitLabel ?? t('password.reset')}
      </SubmitButton>
    </form>
  );
}
