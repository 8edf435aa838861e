import type { TMarketDetail, TOrderCreateBody } from '@fit24/contract';
import { IonButton, IonLabel, IonSegment, IonSegmentButton } from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/ui/SubmitButton.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { useToast } from '../../../components/ui/toast.ts';
import { balancesQueryOptions } from '../../../lib/balances.ts';
import { newIdempotencyKey } from '../../../lib/idempotency.ts';
import { cleanAmountInput, formatAmount } from '../../../lib/money.ts';
import { createOrder, useMarketBalance, useOrderBook } from '../api/markets.ts';
import { divide, feeOf, isDecimal, multiply, percentOf } from '../utils/trade-math.ts';

type Side = 'BUY' | 'SELL';
type Kind = 'LIMIT' | 'MARKET';

/** Buy/Sell, Limit/Market, price, amount (or total for a market buy), % of balance, total and fee. */
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
  const book = useOrderBook(market.market_id);
  const [side, setSide] = useState<Side>('BUY');
  const [kind, setKind] = useState<Kind>('LIMIT');
  const [price, setPrice] = useState('');
  const [amount, setAmount] = useState('');
  const [total, setTotal] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const pd = market.price_decimals;
  const ad = market.amount_decimals;

  // A tapped price in the book fills the price (and switches to a limit order).
  useEffect(() => {
    if (picked) {
      setPrice(picked.price);
      setKind('LIMIT');
    }
  }, [picked]);

  const available =
    side === 'BUY' ? (balance.data?.quote.available ?? null) : (balance.data?.base.available ?? null);
  const availableAsset = side === 'BUY' ? market.quote : market.base;
  const marketBuy = kind === 'MARKET' && side === 'BUY';
  // The price a market order would start at: the best level on the other side.
  const topPrice = side === 'BUY' ? book.data?.asks[0]?.[0] : book.data?.bids[0]?.[0];
  const refPrice = kind === 'LIMIT' ? price : (topPrice ?? '');
  const shownTotal = marketBuy ? total : multiply(refPrice, amount, pd);
  const fee = shownTotal ? feeOf(shownTotal, market.taker_fee, pd) : '';

  function applyPercent(pct: number) {
    if (available === null) return;
    if (side === 'SELL') {
      setAmount(percentOf(available, pct, ad));
      return;
    }
    const spend = percentOf(available, pct, pd);
    if (marketBuy) setTotal(spend);
    else if (isDecimal(refPrice)) setAmount(divide(spend, refPrice, ad));
  }

  async function submit() {
    const body: TOrderCreateBody = { market_id: market.market_id, side, type: kind };
    if (kind === 'LIMIT') body.price = price.trim();
    if (marketBuy) body.total = total.trim();
    else body.amount = amount.trim();
    setBusy(true);
    setFields({});
    try {
      const envelope = await createOrder(body, newIdempotencyKey());
      if (envelope.error) {
        setFields(envelope.fields ?? {});
        toast.error(envelope.message);
        return;
      }
      const o = envelope.data.order;
      toast.success(
        o.status === 'FILLED'
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

  return (
    <div className="order-form" data-testid="order-form">
      <IonSegment value={side} onIonChange={(e) => setSide(e.detail.value === 'SELL' ? 'SELL' : 'BUY')}>
        <IonSegmentButton value="BUY" data-testid="trade-side-buy" className="seg-buy">
          <IonLabel>{t('form.buy')}</IonLabel>
        </IonSegmentButton>
        <IonSegmentButton value="SELL" data-testid="trade-side-sell" className="seg-sell">
          <IonLabel>{t('form.sell')}</IonLabel>
        </IonSegmentButton>
      </IonSegment>
      <IonSegment
        value={kind}
        onIonChange={(e) => setKind(e.detail.value === 'MARKET' ? 'MARKET' : 'LIMIT')}
        className="order-form__kind"
      >
        <IonSegmentButton value="LIMIT" data-testid="trade-type-limit">
          <IonLabel>{t('form.limit')}</IonLabel>
        </IonSegmentButton>
        <IonSegmentButton value="MARKET" data-testid="trade-type-market">
          <IonLabel>{t('form.market')}</IonLabel>
        </IonSegmentButton>
      </IonSegment>
      <p className="order-form__available fit24-muted">
        {t('form.available')}{' '}
        <span className="mkt-num" data-testid="trade-available">
          {available === null ? '—' : formatAmount(available)}
        </span>{' '}
        {availableAsset}
      </p>
      {kind === 'LIMIT' ? (
        <TextField
          label={t('form.price', { quote: market.quote })}
          value={price}
          onChange={(v) => setPrice(cleanAmountInput(v, pd))}
          inputmode="decimal"
          error={fields.price}
          testId="trade-price"
        />
      ) : (
        <p className="fit24-muted order-form__market-note">
          {topPrice
            ? t('form.marketPriceAt', { price: formatAmount(topPrice), quote: market.quote })
            : t('form.marketPriceNone')}
        </p>
      )}
      {marketBuy ? (
        <TextField
          label={t('form.total', { quote: market.quote })}
          value={total}
          onChange={(v) => setTotal(cleanAmountInput(v, pd))}
          inputmode="decimal"
          error={fields.total}
          testId="trade-total"
        />
      ) : (
        <TextField
          label={t('form.amount', { base: market.base })}
          value={amount}
          onChange={(v) => setAmount(cleanAmountInput(v, ad))}
          inputmode="decimal"
          error={fields.amount}
          testId="trade-amount"
        />
      )}
      <div className="order-form__pct">
        {[25, 50, 75, 100].map((pct) => (
          <IonButton
            key={pct}
            size="small"
            fill="outline"
            onClick={() => applyPercent(pct)}
            disabled={available === null}
            data-testid={`trade-pct-${pct}`}
          >
            {pct}%
          </IonButton>
        ))}
      </div>
      <dl className="order-form__summary">
        {!marketBuy && (
          <>
            <dt>{kind === 'MARKET' ? t('form.totalEstimate') : t('form.totalRow')}</dt>
            <dd className="mkt-num" data-testid="trade-total">
              {shownTotal ? `${formatAmount(shownTotal)} ${market.quote}` : '—'}
            </dd>
          </>
        )}
        <dt>{t('form.fee', { rate: feePercent(market.taker_fee) })}</dt>
        <dd className="mkt-num" data-testid="trade-fee">
          {fee ? `≈ ${formatAmount(fee)} ${market.quote}` : '—'}
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

/** "0.001" → "0.1%", with string shifting (no float maths). */
function feePercent(rate: string): string {
  const shifted = multiply(rate, '100', 4);
  return shifted ? `${formatAmount(shifted, 0)}%` : rate;
}
