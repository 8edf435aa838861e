import type { TMarketDetail } from '@fit24/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Segmented } from '../../../components/ui/Segmented.tsx';
import { SubmitButton } from '../../../components/ui/SubmitButton.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { useToast } from '../../../components/ui/toast.ts';
import { balancesQueryOptions } from '../../../lib/balances.ts';
import { newIdempotencyKey } from '../../../lib/idempotency.ts';
import { cleanAmountInput, formatAmount } from '../../../lib/money.ts';
import { bestPrices, createOrder, useMarketBalance, useOrderBook } from '../api/markets.ts';
import {
  bodyOf,
  checkTicket,
  holdOf,
  type OrderKind,
  type Side,
  spendsTotal,
  type Ticket,
  triggerDirection,
  usedFields,
} from '../utils/order-ticket.ts';
import {
  compareDecimal,
  divide,
  feeOf,
  isDecimal,
  isPositive,
  multiply,
  percentOf,
} from '../utils/trade-math.ts';

/**
 * Buy/Sell; Limit, Market, Stop-limit, Stop-market or OCO; the trigger (with the last price and the way it
 * fires), prices, amount (or total for a buy by market), % of balance, total, fee and what is held. Checked
 * here before it is sent; the server's own refusals land on the same fields.
 */
export function OrderForm({
  market,
  picked,
}: {
  market: TMarketDetail;
  picked: { price: string; at: number } | null;
}) {
  const { t } = useTranslation('markets');
  const toast = useToast();
  const client = useQueryClient();
  const balance = useMarketBalance(market);
  // Only the best prices: the book's other updates do not redraw the form.
  const best = useOrderBook(market.market_id, bestPrices).data;
  const [side, setSide] = useState<Side>('BUY');
  const [kind, setKind] = useState<OrderKind>('LIMIT');
  // The stop kind the Stop tab opens on: the one last chosen.
  const [lastStop, setLastStop] = useState<OrderKind>('STOP_LIMIT');
  const [price, setPrice] = useState('');
  const [amount, setAmount] = useState('');
  const [total, setTotal] = useState('');
  const [stopPrice, setStopPrice] = useState('');
  const [stopLimitPrice, setStopLimitPrice] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const pd = market.price_decimals;
  const ad = market.amount_decimals;
  const ticket: Ticket = { kind, side, price, amount, total, stopPrice, stopLimitPrice };
  const used = usedFields(kind, side);

  // A tapped price in the book fills the limit price (a stop-limit or OCO keeps its type, others go limit).
  useEffect(() => {
    if (picked) {
      setPrice(picked.price);
      setKind((k) => (k === 'STOP_LIMIT' || k === 'OCO' ? k : 'LIMIT'));
    }
  }, [picked]);

  const available =
    side === 'BUY' ? (balance.data?.quote.available ?? null) : (balance.data?.base.available ?? null);
  const availableAsset = side === 'BUY' ? market.quote : market.base;
  const byTotal = spendsTotal(kind, side);
  // The price a market order would start at: the best level on the other side.
  const topPrice = (side === 'BUY' ? best?.ask : best?.bid) ?? undefined;
  const refPrice =
    kind === 'MARKET' ? (topPrice ?? '') : kind === 'STOP_MARKET' ? stopPrice : limitPriceOf(ticket);
  const shownTotal = byTotal ? total : multiply(refPrice, amount, pd);
  const fee = shownTotal ? feeOf(shownTotal, market.taker_fee, pd) : '';
  const hold = holdOf(ticket, pd);
  const direction = triggerDirection(ticket, market.last_price);
  const traded = isPositive(market.last_price);

  /** A typed value, cleaned to the market's decimals; the field's last refusal goes with the edit. */
  function edit(field: string, set: (v: string) => void, decimals: number) {
    return (value: string) => {
      set(cleanAmountInput(value, decimals));
      if (fields[field]) setFields(({ [field]: _gone, ...rest }) => rest);
    };
  }

  function choose(next: OrderKind) {
    if (isStopKind(next)) setLastStop(next);
    setKind(next);
    setFields({});
  }

  function applyPercent(pct: number) {
    if (available === null) return;
    if (side === 'SELL') {
      setAmount(percentOf(available, pct, ad));
      return;
    }
    const spend = percentOf(available, pct, pd);
    if (byTotal) setTotal(spend);
    else if (isDecimal(refPrice)) setAmount(divide(spend, refPrice, ad));
  }

  async function submit() {
    const refused = checkTicket(ticket, market.last_price);
    if (Object.keys(refused).length > 0) {
      const last = `${formatAmount(market.last_price, pd)} ${market.quote}`;
      setFields(
        Object.fromEntries(
          Object.entries(refused).map(([field, why]) => [field, t(`form.errors.${why}`, { last })]),
        ),
      );
      return;
    }
    setBusy(true);
    setFields({});
    try {
      const envelope = await createOrder(bodyOf(ticket, market.market_id), newIdempotencyKey());
      if (envelope.error) {
        setFields(envelope.fields ?? {});
        toast.error(envelope.message);
        return;
      }
      const o = envelope.data.order;
      toast.success(
        envelope.data.oco_order
          ? t('form.ocoPlaced')
          : o.status === 'FILLED'
            ? t(`form.done.${side}`, { amount: formatAmount(o.filled, 0), base: market.base })
            : t('form.placed', { status: t(`orders.statusInSentence.${o.status}`) }),
      );
      setAmount('');
      setTotal('');
      // The socket brings the book, trades and balances; these two answer at once if it lags.
      void client.invalidateQueries({ queryKey: balancesQueryOptions().queryKey });
      void client.invalidateQueries({ queryKey: ['orders'] });
    } finally {
      setBusy(false);
    }
  }

  const priceField = (
    field: 'price' | 'stop_limit_price',
    label: string,
    value: string,
    set: (v: string) => void,
    testId: string,
  ) => (
    <TextField
      label={label}
      value={value}
      onChange={edit(field, set, pd)}
      inputmode="decimal"
      error={fields[field]}
      testId={testId}
    />
  );

  // An OCO reads limit first (its take-profit), then its stop; a stop-limit its trigger, then its limit.
  const limitField = priceField(
    'price',
    kind === 'LIMIT'
      ? t('form.price', { quote: market.quote })
      : t('form.limitPrice', { quote: market.quote }),
    price,
    setPrice,
    'trade-price',
  );

  return (
    <div className="order-form" data-testid="order-form">
      <Segmented
        value={side}
        onChange={setSide}
        label={t('form.sideLabel')}
        options={[
          { value: 'BUY', label: t('form.buy'), testId: 'trade-side-buy', className: 'seg-buy' },
          { value: 'SELL', label: t('form.sell'), testId: 'trade-side-sell', className: 'seg-sell' },
        ]}
      />
      <Segmented
        value={isStopKind(kind) ? 'STOP' : kind}
        onChange={(value) => choose(value === 'STOP' ? lastStop : value)}
        label={t('form.typeLabel')}
        className="order-form__kind"
        options={TOP_KINDS.map((value) => ({
          value,
          label: t(`form.types.${value}`),
          testId: `trade-type-${value.toLowerCase()}`,
        }))}
      />
      {isStopKind(kind) && (
        <Segmented
          value={kind}
          onChange={choose}
          label={t('form.stopTypeLabel')}
          className="order-form__stop-kind"
          options={(['STOP_LIMIT', 'STOP_MARKET'] as const).map((value) => ({
            value,
            label: t(`form.types.${value}`),
            testId: `trade-type-${value.toLowerCase().replace('_', '-')}`,
          }))}
        />
      )}
      {kind !== 'LIMIT' && kind !== 'MARKET' && (
        <p className="order-form__explain fit24-muted" data-testid="trade-type-explain">
          {t(`form.explain.${kind}.${side}`)}
        </p>
      )}
      <p className="order-form__available fit24-muted">
        {t('form.available')}{' '}
        <span className="mkt-num" data-testid="trade-available">
          {available === null ? '—' : formatAmount(available)}
        </span>{' '}
        {availableAsset}
      </p>
      {kind === 'OCO' && limitField}
      {used.includes('stop_price') && (
        <TextField
          label={t('form.trigger', { quote: market.quote })}
          value={stopPrice}
          onChange={edit('stop_price', setStopPrice, pd)}
          inputmode="decimal"
          error={fields.stop_price}
          testId="trade-stop-price"
        />
      )}
      {used.includes('stop_price') && !fields.stop_price && (
        <p className="order-form__hint fit24-muted" data-testid="trade-trigger-hint">
          {direction
            ? t(`form.fires.${direction}`, {
                price: formatAmount(stopPrice, pd),
                last: traded ? formatAmount(market.last_price, pd) : '—',
              })
            : t('form.lastPrice', { last: traded ? formatAmount(market.last_price, pd) : '—' })}
        </p>
      )}
      {used.includes('price') && kind !== 'OCO' && limitField}
      {used.includes('stop_limit_price') &&
        priceField(
          'stop_limit_price',
          t('form.stopLimitPrice', { quote: market.quote }),
          stopLimitPrice,
          setStopLimitPrice,
          'trade-stop-limit-price',
        )}
      {kind === 'MARKET' && (
        <p className="fit24-muted order-form__market-note" data-testid="trade-market-price">
          {topPrice
            ? t('form.marketPriceAt', { price: formatAmount(topPrice, pd), quote: market.quote })
            : t('form.marketPriceNone')}
        </p>
      )}
      {byTotal ? (
        <TextField
          label={t('form.total', { quote: market.quote })}
          value={total}
          onChange={edit('total', setTotal, pd)}
          inputmode="decimal"
          error={fields.total}
          testId="trade-total"
        />
      ) : (
        <TextField
          label={t('form.amount', { base: market.base })}
          value={amount}
          onChange={edit('amount', setAmount, ad)}
          inputmode="decimal"
          error={fields.amount}
          testId="trade-amount"
        />
      )}
      {/* The browser's own buttons drawn as Ionic's small outline ones: eight web components (a button and
          its ripple each) fewer in the trade screen's first render (issue 15). */}
      <div className="order-form__pct">
        {[25, 50, 75, 100].map((pct) => (
          <button
            key={pct}
            type="button"
            className="order-form__pct-button"
            onClick={() => applyPercent(pct)}
            disabled={available === null}
            data-testid={`trade-pct-${pct}`}
          >
            {pct}%
          </button>
        ))}
      </div>
      <dl className="order-form__summary">
        {!byTotal && (
          <>
            <dt>
              {kind === 'MARKET' || kind === 'STOP_MARKET' ? t('form.totalEstimate') : t('form.totalRow')}
            </dt>
            <dd className="mkt-num" data-testid="trade-total">
              {shownTotal ? `${formatAmount(shownTotal, pd)} ${market.quote}` : '—'}
            </dd>
          </>
        )}
        <dt>{t('form.fee', { rate: feePercent(market.taker_fee) })}</dt>
        <dd className="mkt-num" data-testid="trade-fee">
          {fee ? `≈ ${formatAmount(fee, pd)} ${market.quote}` : '—'}
        </dd>
        <dt>{t('form.hold')}</dt>
        <dd className="mkt-num" data-testid="trade-hold">
          {isPositive(hold.amount)
            ? `${formatAmount(hold.amount, hold.asset === 'base' ? 0 : pd)} ${hold.asset === 'base' ? market.base : market.quote}`
            : '—'}
        </dd>
      </dl>
      {fields.market_id && <p className="trade__halted">{fields.market_id}</p>}
      <SubmitButton
        busy={busy}
        onClick={() => void submit()}
        testId="trade-submit"
        color={side === 'BUY' ? 'success' : 'danger'}
        disabled={market.status === 'HALTED'}
      >
        {t(`form.submit.${side}`, { base: market.base })}
      </SubmitButton>
    </div>
  );
}

/** The type tabs: Stop opens a second row with Stop-limit and Stop-market (five tabs do not fit a phone). */
const TOP_KINDS = ['LIMIT', 'MARKET', 'STOP', 'OCO'] as const;
const isStopKind = (kind: OrderKind) => kind === 'STOP_LIMIT' || kind === 'STOP_MARKET';

/** The limit price the order would trade at: an OCO's dearer leg for a BUY, its limit leg for a SELL. */
function limitPriceOf(ticket: Ticket): string {
  if (ticket.kind !== 'OCO' || ticket.side === 'SELL') return ticket.price;
  return compareDecimal(ticket.stopLimitPrice, ticket.price) > 0 ? ticket.stopLimitPrice : ticket.price;
}

/** "0.001" → "0.1%", with string shifting (no float maths). */
function feePercent(rate: string): string {
  const shifted = multiply(rate, '100', 4);
  return shifted ? `${formatAmount(shifted, 0)}%` : rate;
}
