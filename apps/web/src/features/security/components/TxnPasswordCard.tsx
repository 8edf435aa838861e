import { ZTxnPasswordBody } from '@fit24/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmMismatch, NewPasswordFields } from '../../../components/ui/NewPasswordFields.tsx';
import { CancelOrResend } from '../../../components/ui/ResendButton.tsx';
import { SettingPill } from '../../../components/ui/StatusChips.tsx';
import { SubmitButton } from '../../../components/ui/SubmitButton.tsx';
import { OtpField } from '../../../components/ui/TextField.tsx';
import { useToast } from '../../../components/ui/toast.ts';
import { useAction, useForm } from '../../../components/ui/use-form.ts';
import { api } from '../../../lib/api.ts';
import { retryAfterOf, useCountdown } from '../../../lib/countdown.ts';
import { ACCOUNT_QUERY_KEY } from '../../../lib/query-client.ts';
import { SecurityPanel } from './SecurityPanel.tsx';

const empty = { otp: '', txn_password: '', confirm: '' };

/** The transaction password that guards withdrawals and transfers: an emailed code, then the password. */
export function TxnPasswordCard({ isSet }: { isSet: boolean | undefined }) {
  const { t } = useTranslation('security');
  const queryClient = useQueryClient();
  const toast = useToast();
  const sending = useAction();
  const countdown = useCountdown();
  const form = useForm(empty);
  const [open, setOpen] = useState(false);

  const sendCode = () =>
    sending.run({
      send: () => api.call('user.txnPasswordOtp'),
      onSuccess: (data) => {
        setOpen(true);
        countdown.start(retryAfterOf(data));
        toast.success(t('txnPassword.codeSent'));
      },
      onError: (error) => {
        if (error.code !== 429) return false;
        setOpen(true);
        countdown.start(retryAfterOf(error));
        return false;
      },
    });

  const submit = () =>
    form.submit({
      schema: ZTxnPasswordBody,
      body: { otp: form.values.otp, txn_password: form.values.txn_password },
      check: () => confirmMismatch(form.values.txn_password, form.values.confirm),
      send: (body) => api.call('user.txnPassword', { body }),
      onSuccess: async () => {
        toast.success(t('txnPassword.saved'));
        form.setValues(empty);
        setOpen(false);
        await queryClient.invalidateQueries({ queryKey: ACCOUNT_QUERY_KEY });
      },
    });

  return (
    <SecurityPanel
      name="txn"
      title={t('txnPassword.title')}
      lead={t('txnPassword.lead')}
      status={
        isSet !== undefined && (
          <SettingPill done={isSet} testId="security-txn-status">
            {isSet ? t('setting.set') : t('setting.notSet')}
          </SettingPill>
        )
      }
    >
      {!open ? (
        <SubmitButton busy={sending.busy} fill="outline" onClick={sendCode} testId="security-txn-send">
          {isSet ? t('txnPassword.change') : t('txnPassword.set')}
        </SubmitButton>
      ) : (
        <form className="fit24-form" onSubmit={(event) => event.preventDefault()} noValidate>
          <OtpField
            label={t('txnPassword.otpLabel')}
            value={form.values.otp}
            onChange={(value) => form.set('otp', value)}
            error={form.errors.otp}
            testId="security-txn-otp"
          />
          <CancelOrResend
            onCancel={() => setOpen(false)}
            cancelTestId="security-txn-cancel"
            left={countdown.left}
            busy={sending.busy}
            onClick={sendCode}
            testId="security-txn-resend"
          />
          <NewPasswordFields
            password={form.values.txn_password}
            confirm={form.values.confirm}
            onPassword={(value) => form.set('txn_password', value)}
            onConfirm={(value) => form.set('confirm', value)}
            errors={form.errors}
            passwordKey="txn_password"
            label={t('txnPassword.passwordLabel')}
            strength={false}
            onEnter={submit}
            testIdPrefix="security-txn"
          />
          <SubmitButton busy={form.busy} onClick={submit} testId="security-txn-submit">
            {t('txnPassword.save')}
          </SubmitButton>
        </form>
      )}
    </SecurityPanel>
  );
}
