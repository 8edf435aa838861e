import { ZOpsAssetBody } from '@fit24/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useToast } from '../../components/ui/toast.ts';
import { useForm } from '../../components/ui/use-form.ts';
import { withoutBlanks } from '../../lib/forms.ts';
import { ASSETS_KEY, type TOpsAsset } from '../api/lists.ts';
import { CheckField, Field } from '../components/Field.tsx';
import { FormModal } from '../components/FormModal.tsx';
import { numberOrText } from '../lib/form-values.ts';
import { ops } from '../lib/ops.ts';

const blank = {
  symbol: '',
  name: '',
  decimals: '8',
  network: '',
  withdraw_fee: '',
  min_withdraw: '',
  min_deposit: '',
  confirmations: '6',
  deposit_enabled: true,
  withdraw_enabled: true,
};

/**
 * Adds an asset, or changes one by its symbol (POST /ops/assets): name, network, fees and minimums, and
 * whether deposits and withdrawals are on. `asset` null with `open` adds a new one.
 */
export function AssetModal({
  open,
  asset,
  onClose,
}: {
  open: boolean;
  asset: TOpsAsset | null;
  onClose: () => void;
}) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const form = useForm(blank);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form takes the asset each time it opens
  useEffect(() => {
    if (!open) return;
    form.setValues(
      asset
        ? {
            symbol: asset.symbol,
            name: asset.name,
            decimals: String(asset.decimals),
            network: asset.network,
            withdraw_fee: asset.withdraw_fee,
            min_withdraw: asset.min_withdraw,
            min_deposit: asset.min_deposit,
            confirmations: String(asset.confirmations),
            deposit_enabled: asset.deposit_enabled === 1,
            withdraw_enabled: asset.withdraw_enabled === 1,
          }
        : blank,
    );
  }, [open, asset]);
  const v = form.values;
  const text =
    (key: Exclude<keyof typeof blank, 'deposit_enabled' | 'withdraw_enabled'>) => (value: string) =>
      form.set(key, value);

  const submit = () =>
    form.submit({
      schema: ZOpsAssetBody,
      body: {
        ...withoutBlanks(v),
        decimals: numberOrText(v.decimals),
        confirmations: numberOrText(v.confirmations),
      },
      send: (body) => ops.call('ops.assetSave', { body }),
      onSuccess: async ({ asset: saved }) => {
        toast.success(`${saved.symbol} saved`);
        await queryClient.invalidateQueries({ queryKey: ASSETS_KEY });
        onClose();
      },
    });

  return (
    <FormModal
      open={open}
      title={asset ? `Edit ${asset.symbol}` : 'Add an asset'}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitLabel={asset ? 'Save' : 'Add the asset'}
      busy={form.busy}
      testId="admin-asset-form"
    >
      <div className="adm-form-row">
        <Field
          label="Symbol"
          value={v.symbol}
          onChange={text('symbol')}
          disabled={asset !== null}
          mono
          error={form.errors.symbol}
          testId="admin-asset-symbol"
        />
        <Field
          label="Name"
          value={v.name}
          onChange={text('name')}
          error={form.errors.name}
          testId="admin-asset-name"
        />
      </div>
      <div className="adm-form-row">
        <Field
          label="Network"
          value={v.network}
          onChange={text('network')}
          mono
          placeholder="ethereum"
          error={form.errors.network}
          testId="admin-asset-network"
        />
        <Field
          label="Decimals"
          value={v.decimals}
          onChange={text('decimals')}
          inputMode="numeric"
          error={form.errors.decimals}
          testId="admin-asset-decimals"
        />
        <Field
          label="Confirmations"
          value={v.confirmations}
          onChange={text('confirmations')}
          inputMode="numeric"
          error={form.errors.confirmations}
          testId="admin-asset-confirmations"
        />
      </div>
      <div className="adm-form-row">
        <Field
          label="Withdrawal fee"
          value={v.withdraw_fee}
          onChange={text('withdraw_fee')}
          inputMode="decimal"
          mono
          error={form.errors.withdraw_fee}
          testId="admin-asset-fee"
        />
        <Field
          label="Minimum withdrawal"
          value={v.min_withdraw}
          onChange={text('min_withdraw')}
          inputMode="decimal"
          mono
          error={form.errors.min_withdraw}
          testId="admin-asset-min-withdraw"
        />
        <Field
          label="Minimum deposit"
          value={v.min_deposit}
          onChange={text('min_deposit')}
          inputMode="decimal"
          mono
          error={form.errors.min_deposit}
          testId="admin-asset-min-deposit"
        />
      </div>
      <div className="adm-form-row">
        <CheckField
          label="Deposits on"
          checked={v.deposit_enabled}
          onChange={(on) => form.set('deposit_enabled', on)}
          testId="admin-asset-deposits"
        />
        <CheckField
          label="Withdrawals on"
          checked={v.withdraw_enabled}
          onChange={(on) => form.set('withdraw_enabled', on)}
          testId="admin-asset-withdrawals"
        />
      </div>
    </FormModal>
  );
}
