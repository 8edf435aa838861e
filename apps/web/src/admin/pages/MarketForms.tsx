import { ZOpsMarketCreateBody, ZOpsMarketUpdateBody } from '@fit24/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useToast } from '../../components/ui/toast.ts';
import { useForm } from '../../components/ui/use-form.ts';
import { withoutBlanks } from '../../lib/forms.ts';
import { MARKETS_KEY, type TOpsAsset, type TOpsMarket } from '../api/lists.ts';
import { Field, SelectField } from '../components/Field.tsx';
import { FormModal } from '../components/FormModal.tsx';
import { numberOrText } from '../lib/form-values.ts';
import { percentOf } from '../lib/format.ts';
import { ops } from '../lib/ops.ts';

const FEE_HELP = 'A fraction: 0.001 is 0.1%';

/** A new market: it trades at once, in every process (POST /ops/markets). */
export function MarketCreateModal({
  open,
  assets,
  onClose,
}: {
  open: boolean;
  assets: TOpsAsset[];
  onClose: () => void;
}) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const blank = {
    base: '',
    quote: 'USDT',
    price_decimals: '2',
    amount_decimals: '4',
    min_amount: '',
    min_total: '',
    maker_fee: '0.001',
    taker_fee: '0.001',
    price: '',
  };
  const form = useForm(blank);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form each time the dialog opens
  useEffect(() => {
    if (open) form.setValues(blank);
  }, [open]);
  const options = [
    { value: '', label: 'Choose…' },
    ...assets.map((a) => ({ value: a.symbol, label: `${a.symbol} · ${a.name}` })),
  ];
  const v = form.values;
  const set = (key: keyof typeof blank) => (value: string) => form.set(key, value);
  const baseAsset = assets.find((a) => a.symbol === v.base);
  const quoteAsset = assets.find((a) => a.symbol === v.quote);

  const submit = () =>
    form.submit({
      schema: ZOpsMarketCreateBody,
      body: {
        ...withoutBlanks(v),
        price_decimals: numberOrText(v.price_decimals),
        amount_decimals: numberOrText(v.amount_decimals),
      },
      send: (body) => ops.call('ops.marketCreate', { body }),
      onSuccess: async ({ market }) => {
        toast.success(`${market.symbol} is open for trading`);
        await queryClient.invalidateQueries({ queryKey: MARKETS_KEY });
        onClose();
      },
    });

  return (
    <FormModal
      open={open}
      title="Add a market"
      onClose={onClose}
      onSubmit={() => void submit()}
      submitLabel="Open the market"
      busy={form.busy}
      testId="admin-market-create"
    >
      <div className="adm-form-row">
        <SelectField
          label="Base asset"
          value={v.base}
          onChange={set('base')}
          options={options}
          error={form.errors.base}
          testId="admin-market-base"
        />
        <SelectField
          label="Quote asset"
          value={v.quote}
          onChange={set('quote')}
          options={options}
          error={form.errors.quote}
          testId="admin-market-quote"
        />
      </div>
      <div className="adm-form-row">
        <Field
          label="Price decimals"
          value={v.price_decimals}
          onChange={set('price_decimals')}
          inputMode="numeric"
          error={form.errors.price_decimals}
          testId="admin-market-price-decimals"
        />
        <Field
          label="Amount decimals"
          value={v.amount_decimals}
          onChange={set('amount_decimals')}
          inputMode="numeric"
          error={form.errors.amount_decimals}
          testId="admin-market-amount-decimals"
        />
      </div>
      <p className="adm-dim" data-testid="admin-market-decimals-rule">
        Price and amount decimals together may not exceed the quote asset’s
        {quoteAsset ? ` (${quoteAsset.symbol}: ${quoteAsset.decimals})` : ''}; amount decimals, the base
        asset’s
        {baseAsset ? ` (${baseAsset.symbol}: ${baseAsset.decimals})` : ''}.
      </p>
      <div className="adm-form-row">
        <Field
          label="Minimum amount (base)"
          value={v.min_amount}
          onChange={set('min_amount')}
          inputMode="decimal"
          mono
          error={form.errors.min_amount}
          testId="admin-market-min-amount"
        />
        <Field
          label="Minimum total (quote)"
          value={v.min_total}
          onChange={set('min_total')}
          inputMode="decimal"
          mono
          error={form.errors.min_total}
          testId="admin-market-min-total"
        />
      </div>
      <div className="adm-form-row">
        <Field
          label="Maker fee"
          value={v.maker_fee}
          onChange={set('maker_fee')}
          inputMode="decimal"
          mono
          helper={`${FEE_HELP} (now ${percentOf(v.maker_fee)})`}
          error={form.errors.maker_fee}
          testId="admin-market-maker-fee"
        />
        <Field
          label="Taker fee"
          value={v.taker_fee}
          onChange={set('taker_fee')}
          inputMode="decimal"
          mono
          helper={`${FEE_HELP} (now ${percentOf(v.taker_fee)})`}
          error={form.errors.taker_fee}
          testId="admin-market-taker-fee"
        />
      </div>
      <Field
        label="Opening price (quote per base)"
        value={v.price}
        onChange={set('price')}
        inputMode="decimal"
        mono
        helper="Its last price until the first trade."
        error={form.errors.price}
        testId="admin-market-price"
      />
    </FormModal>
  );
}

/** A market's minimums and fees (POST /ops/markets/update). */
export function MarketEditModal({ market, onClose }: { market: TOpsMarket | null; onClose: () => void }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const form = useForm({ min_amount: '', min_total: '', maker_fee: '', taker_fee: '' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form takes the market each time one opens
  useEffect(() => {
    if (market)
      form.setValues({
        min_amount: market.min_amount,
        min_total: market.min_total,
        maker_fee: market.maker_fee,
        taker_fee: market.taker_fee,
      });
  }, [market]);
  const v = form.values;
  const set = (key: keyof typeof v) => (value: string) => form.set(key, value);

  const submit = () =>
    market &&
    form.submit({
      schema: ZOpsMarketUpdateBody,
      body: { symbol: market.symbol, ...withoutBlanks(v) },
      send: (body) => ops.call('ops.marketUpdate', { body }),
      onSuccess: async ({ market: saved }) => {
        toast.success(`${saved.symbol} saved`);
        await queryClient.invalidateQueries({ queryKey: MARKETS_KEY });
        onClose();
      },
    });

  return (
    <FormModal
      open={market !== null}
      title={market ? `Edit ${market.symbol}` : 'Edit'}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitLabel="Save"
      busy={form.busy}
      testId="admin-market-edit"
    >
      <div className="adm-form-row">
        <Field
          label="Minimum amount"
          value={v.min_amount}
          onChange={set('min_amount')}
          inputMode="decimal"
          mono
          error={form.errors.min_amount}
          testId="admin-market-edit-min-amount"
        />
        <Field
          label="Minimum total"
          value={v.min_total}
          onChange={set('min_total')}
          inputMode="decimal"
          mono
          error={form.errors.min_total}
          testId="admin-market-edit-min-total"
        />
      </div>
      <div className="adm-form-row">
        <Field
          label="Maker fee"
          value={v.maker_fee}
          onChange={set('maker_fee')}
          inputMode="decimal"
          mono
          helper={`${FEE_HELP} (now ${percentOf(v.maker_fee)})`}
          error={form.errors.maker_fee}
          testId="admin-market-edit-maker-fee"
        />
        <Field
          label="Taker fee"
          value={v.taker_fee}
          onChange={set('taker_fee')}
          inputMode="decimal"
          mono
          helper={`${FEE_HELP} (now ${percentOf(v.taker_fee)})`}
          error={form.errors.taker_fee}
          testId="admin-market-edit-taker-fee"
        />
      </div>
    </FormModal>
  );
}
