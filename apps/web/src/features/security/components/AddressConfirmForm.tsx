import { type TSavedAddress, ZAddressConfirmBody } from '@fit24/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/ui/SubmitButton.tsx';
import { OtpField } from '../../../components/ui/TextField.tsx';
import { useToast } from '../../../components/ui/toast.ts';
import { useForm } from '../../../components/ui/use-form.ts';
import { api } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import { ADDRESSES_QUERY_KEY } from '../../../lib/saved-addresses.ts';
import { InsetForm } from './InsetForm.tsx';

/** The emailed 6-digit code that confirms one saved address; it then waits out the delay. */
export function AddressConfirmForm({
  address,
  onDone,
  onCancel,
}: {
  address: TSavedAddress;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('security');
  const queryClient = useQueryClient();
  const toast = useToast();
  const form = useForm({ otp: '' });

  const submit = () =>
    form.submit({
      schema: ZAddressConfirmBody,
      body: { address_id: address.address_id, otp: form.values.otp },
      send: (body) => api.call('security.addressConfirm', { body }),
      onSuccess: async ({ address: saved }) => {
        toast.success(
          saved.usable_date
            ? t('addressConfirm.confirmedFrom', { date: formatDateTime(saved.usable_date) })
            : t('addressConfirm.confirmed'),
        );
        await queryClient.invalidateQueries({ queryKey: ADDRESSES_QUERY_KEY });
        onDone();
      },
    });

  return (
    <InsetForm
      formRef={form.ref}
      testId="address-confirm-form"
      cancel={{ label: t('addressConfirm.later'), onClick: onCancel, testId: 'address-confirm-cancel' }}
    >
      <p className="controls-inset__text">
        <Trans
          t={t}
          i18nKey="addressConfirm.text"
          values={{ label: address.label }}
          components={{ b: <strong /> }}
        />
      </p>
      <OtpField
        label={t('addressConfirm.otpLabel')}
        value={form.values.otp}
        onChange={(value) => form.set('otp', value)}
        error={form.errors.otp}
        onEnter={submit}
        testId="address-confirm-otp"
      />
      <SubmitButton busy={form.busy} onClick={submit} testId="address-confirm-submit">
        {t('addressConfirm.submit')}
      </SubmitButton>
    </InsetForm>
  );
}
