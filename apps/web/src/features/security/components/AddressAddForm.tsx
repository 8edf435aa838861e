import { type TSavedAddress, ZAddressAddBody } from '@fit24/contract';
import { IonSelect, IonSelectOption } from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MemoField } from '../../../components/ui/MemoField.tsx';
import { useSecondFactor } from '../../../components/ui/SecondFactorField.tsx';
import { SubmitButton } from '../../../components/ui/SubmitButton.tsx';
import { useSecondFactorErrorReset } from '../../../components/ui/second-factor-error.ts';
import { TextField } from '../../../components/ui/TextField.tsx';
import { useForm } from '../../../components/ui/use-form.ts';
import { addressProblem } from '../../../lib/address.ts';
import { api } from '../../../lib/api.ts';
import { networkLabel } from '../../../lib/format.ts';
import type { FieldErrors } from '../../../lib/forms.ts';
import { ADDRESSES_QUERY_KEY } from '../../../lib/saved-addresses.ts';
import { useAssetNetwork } from '../api/get-asset-network.ts';
import { useAssetList } from '../api/get-assets.ts';
import { InsetForm } from './InsetForm.tsx';

const empty = { asset_id: '', label: '', address: '', memo: '' };

/**
 * A new address for the book: asset, label, address and (when the receiving platform asks for one) a
 * memo, with the second factor when it is on. The server emails a code; `onSaved` hands the new,
 * unconfirmed entry on to the confirm step.
 */
export function AddressAddForm({
  initialAssetId,
  onSaved,
  onCancel,
}: {
  initialAssetId?: number | undefined;
  onSaved: (address: TSavedAddress) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('security');
  const queryClient = useQueryClient();
  const assets = useAssetList();
  const form = useForm({ ...empty, asset_id: initialAssetId ? String(initialAssetId) : '' });
  const [withMemo, setWithMemo] = useState(false);
  const secondFactor = useSecondFactor({
    error: form.errors.two_factor_code ?? form.errors.passkey_token,
    onEnter: () => void submit(),
    testId: 'address-add-2fa',
  });
  useSecondFactorErrorReset(secondFactor.proof, form.setErrors);
  const { values, errors } = form;
  const chosen = assets.data?.find((asset) => String(asset.asset_id) === values.asset_id);
  const network = useAssetNetwork(chosen ? chosen.asset_id : null).data;

  /** The second factor, and the address's shape for its network (before a code is emailed for it). */
  const check = (address: string): FieldErrors | null => {
    const problems: FieldErrors = { ...secondFactor.check() };
    if (network && addressProblem(network, address) !== null) {
      problems.address = t('addressAdd.invalidAddress', { network: networkLabel(network) });
    }
    return Object.keys(problems).length > 0 ? problems : null;
  };

  const submit = async () => {
    const memo = values.memo.trim();
    let sent = false;
    await form.submit({
      schema: ZAddressAddBody,
      body: {
        asset_id: values.asset_id === '' ? undefined : Number(values.asset_id),
        label: values.label,
        address: values.address,
        ...(withMemo && memo ? { memo } : {}),
        ...secondFactor.proof,
      },
      check: (body) => check(body.address),
      send: (body) => {
        sent = true;
        return api.call('security.addressAdd', { body });
      },
      onSuccess: async ({ address }) => {
        form.setValues(empty);
        await queryClient.invalidateQueries({ queryKey: ADDRESSES_QUERY_KEY });
        onSaved(address);
      },
    });
    if (sent) secondFactor.reset();
  };

  return (
    <InsetForm
      formRef={form.ref}
      testId="address-add-form"
      cancel={{ label: t('cancel'), onClick: onCancel, testId: 'address-add-cancel' }}
    >
      <IonSelect
        className={`fit24-field${errors.asset_id ? ' ion-invalid ion-touched' : ''}`}
        label={t('addressAdd.asset')}
        labelPlacement="stacked"
        fill="outline"
        mode="md"
        interface="popover"
        placeholder={assets.isPending ? t('addressAdd.loadingAssets') : t('addressAdd.chooseAsset')}
        value={values.asset_id}
        onIonChange={(event) => form.set('asset_id', String(event.detail.value ?? ''))}
        errorText={errors.asset_id ? t('addressAdd.assetError') : undefined}
        aria-invalid={errors.asset_id ? 'true' : undefined}
        data-testid="address-add-asset"
      >
        {(assets.data ?? []).map((asset) => (
          <IonSelectOption key={asset.asset_id} value={String(asset.asset_id)}>
            {asset.symbol} · {asset.name}
          </IonSelectOption>
        ))}
      </IonSelect>
      <TextField
        label={t('addressAdd.label')}
        value={values.label}
        onChange={(value) => form.set('label', value)}
        error={errors.label}
        maxlength={40}
        placeholder={t('addressAdd.labelPlaceholder')}
        testId="address-add-label"
      />
      <TextField
        label={chosen ? t('addressAdd.addressOf', { symbol: chosen.symbol }) : t('addressAdd.address')}
        value={values.address}
        onChange={(value) => form.set('address', value)}
        error={errors.address}
        helper={chosen ? t('addressAdd.addressHelper', { name: chosen.name }) : undefined}
        autocomplete="off"
        placeholder={t('addressAdd.addressPlaceholder')}
        className="controls-mono-input"
        testId="address-add-address"
      />
      <MemoField
        open={withMemo}
        onOpen={() => setWithMemo(true)}
        value={values.memo}
        onChange={(value) => form.set('memo', value)}
        error={errors.memo}
        testId="address-add-memo"
      />
      {secondFactor.field}
      <SubmitButton busy={form.busy} onClick={() => void submit()} testId="address-add-submit">
        {t('addressAdd.submit')}
      </SubmitButton>
    </InsetForm>
  );
}
