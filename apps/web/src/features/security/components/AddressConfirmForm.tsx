import { type TSavedAddress, ZAddressConfirmBody } from '@fit24/contract';
import { useQueryClient } from '@tanstack/react-query';
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
            ? `Address confirmed. You can withdraw to it from ${formatDateTime(saved.usable_date)}.`
            : 'Address confirmed.',
        );
        await queryClient.invalidateQueries({ queryKey: ADDRESSES_QUERY_KEY });
        onDone();
      },
    });

  return (
    <InsetForm
      formRef={form.ref}
      testId="address-confirm-form"
      cancel={{ label: 'Later', onClick: onCancel, testId: 'address-confirm-cancel' }}
    >
      <p className="controls-inset__text">
        We emailed you a 6-digit code for <strong>{address.label}</strong>. Enter it to confirm this address;
        it can be used once the safety delay has passed.
      </p>
      <OtpField
        label="6-digit code from your email"
        value={form.values.otp}
        onChange={(value) => form.set('otp', value)}
        error={form.errors.otp}
        onEnter={submit}
        testId="address-confirm-otp"
      />
      <SubmitButton busy={form.busy} onClick={submit} testId="address-confirm-submit">
        Confirm address
      </SubmitButton>
    </InsetForm>
  );
}
