import { type TSavedAddress, ZAddressRemoveBody } from '@fit24/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { AddressStatusChip } from '../../../components/ui/AddressStatusChip.tsx';
import { useSecondFactor } from '../../../components/ui/SecondFactorField.tsx';
import { SubmitButton } from '../../../components/ui/SubmitButton.tsx';
import { useSecondFactorErrorReset } from '../../../components/ui/second-factor-error.ts';
import { useToast } from '../../../components/ui/toast.ts';
import { useForm } from '../../../components/ui/use-form.ts';
import { addressWhen } from '../../../lib/address-when.ts';
import { api } from '../../../lib/api.ts';
import { ADDRESSES_QUERY_KEY } from '../../../lib/saved-addresses.ts';
import { AddressConfirmForm } from './AddressConfirmForm.tsx';
import { InsetForm } from './InsetForm.tsx';

type Step = 'idle' | 'confirm' | 'remove';

/** One saved address: label, status, the address itself, when it becomes usable; confirm and remove. */
export function AddressRow({
  address,
  now,
  confirmFirst,
}: {
  address: TSavedAddress;
  /** Epoch seconds, ticking: the countdown to `usable_date`. */
  now: number;
  /** Open the code step at once (the entry was just added). */
  confirmFirst: boolean;
}) {
  const { t } = useTranslation('security');
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>(confirmFirst ? 'confirm' : 'idle');
  const when = addressWhen(address, now);
  const due = address.status === 'PENDING' && address.usable_date !== null && address.usable_date <= now;

  // The delay ended while the screen was open: ask the server, which says ACTIVE now.
  useEffect(() => {
    if (due) void queryClient.invalidateQueries({ queryKey: ADDRESSES_QUERY_KEY });
  }, [due, queryClient]);

  return (
    <li
      className="controls-address"
      data-testid="address-row"
      data-address-id={address.address_id}
      data-status={address.status}
    >
      <div className="controls-address__top">
        <strong className="controls-address__label">{address.label}</strong>
        <AddressStatusChip status={address.status} testId="address-status" />
      </div>
      <div className="controls-address__value" data-testid="address-value">
        {address.address}
      </div>
      {address.memo && (
        <div className="controls-address__memo">
          {t('addressRow.memo')} <span>{address.memo}</span>
        </div>
      )}
      {/* The code step says what to do itself. */}
      {when && step !== 'confirm' && (
        <p className="controls-address__when" data-testid="address-when">
          {when}
        </p>
      )}
      {step === 'idle' && (
        <div className="controls-address__actions">
          {address.status === 'UNCONFIRMED' && (
            <button
              type="button"
              className="fit24-link"
              onClick={() => setStep('confirm')}
              data-testid="address-enter-code"
            >
              {t('addressRow.enterCode')}
            </button>
          )}
          <button
            type="button"
            className="fit24-link controls-link--danger"
            onClick={() => setStep('remove')}
            data-testid="address-remove"
          >
            {t('addressRow.remove')}
          </button>
        </div>
      )}
      {step === 'confirm' && (
        <AddressConfirmForm
          address={address}
          onDone={() => setStep('idle')}
          onCancel={() => setStep('idle')}
        />
      )}
      {step === 'remove' && <RemoveAddress address={address} onCancel={() => setStep('idle')} />}
    </li>
  );
}

/** "Remove this address?" with the second factor when it is on. */
function RemoveAddress({ address, onCancel }: { address: TSavedAddress; onCancel: () => void }) {
  const { t } = useTranslation('security');
  const queryClient = useQueryClient();
  const toast = useToast();
  const form = useForm({});
  const secondFactor = useSecondFactor({
    error: form.errors.two_factor_code ?? form.errors.passkey_token,
    onEnter: () => void remove(),
    testId: 'address-remove-2fa',
  });
  useSecondFactorErrorReset(secondFactor.proof, form.setErrors);

  const remove = async () => {
    let sent = false;
    await form.submit({
      schema: ZAddressRemoveBody,
      body: { address_id: address.address_id, ...secondFactor.proof },
      check: () => secondFactor.check(),
      send: (body) => {
        sent = true;
        return api.call('security.addressRemove', { body });
      },
      onSuccess: async () => {
        toast.success(t('addressRow.removed', { label: address.label }));
        await queryClient.invalidateQueries({ queryKey: ADDRESSES_QUERY_KEY });
      },
    });
    if (sent) secondFactor.reset();
  };

  return (
    <InsetForm
      formRef={form.ref}
      danger
      testId="address-remove-form"
      cancel={{ label: t('addressRow.keep'), onClick: onCancel }}
    >
      <p className="controls-inset__text">
        <Trans
          t={t}
          i18nKey="addressRow.removeText"
          values={{ label: address.label }}
          components={{ b: <strong /> }}
        />
      </p>
      {secondFactor.field}
      <SubmitButton
        busy={form.busy}
        color="danger"
        fill="outline"
        onClick={() => void remove()}
        testId="address-remove-confirm"
      >
        {t('addressRow.removeConfirm')}
      </SubmitButton>
    </InsetForm>
  );
}
