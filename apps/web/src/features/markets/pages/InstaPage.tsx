import { IonButton } from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
import { statsChartOutline } from 'ionicons/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSkeleton } from '../../../components/ui/ListSkeleton.tsx';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { PageShell } from '../../../components/ui/PageShell.tsx';
import { Segmented } from '../../../components/ui/Segmented.tsx';
import { SubmitButton } from '../../../components/ui/SubmitButton.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { useToast } from '../../../components/ui/toast.ts';
import { balancesQueryOptions } from '../../../lib/balances.ts';
import { newIdempotencyKey } from '../../../lib/idempotency.ts';
import { cleanAmountInput, formatAmount } from '../../../lib/money.ts';
import { createOrder, useMarketBalance, useMarkets, useOrderBook } from '../api/markets.ts';
import { MarketPicker } from '../components/MarketPicker.tsx';
import { walkBook } from '../utils/book-walk.ts';
import { isDecimal, percentOf } from '../utils/trade-math.ts';
import '../components/markets.css';

/** Insta: a market buy by total (quote) or a market sell by amount (base), previewed, then confirmed. */
export function InstaPage() {
  const { t } = useTranslation('markets');
  const toast = useToast();
  const client = useQueryClient();
  const markets = useMarkets();
  const [chosen, setChosen] = useState<number | null>(null);
  const list = markets.data?.markets ?? [];
  const market = list.find((m) => m.market_id === chosen) ?? list[0] ?? null;
  const marketId = market?.market_id ?? null;
  const book = useOrderBook(marketId);
  const balance = useMarketBalance(market);
  const [side, setSide] = useState<'BUY' | 'SELL'>('BUY');
  const [value, setValue] = useState('');
  const [review, setReview] = useState(false);
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>();

  if (!market) {
    return (
      <PageShell page="insta" title={t('insta.title')} backHref="/tabs/home">
        {markets.isError ? (
          <LoadError
            icon={statsChartOutline}
            title={t('list.unavailable')}
            message={markets.error.message}
            onRetry={() => markets.refetch()}
            testId="insta-error"
          />
        ) : (
          <ListSkeleton label={t('insta.loading')} rows={3} />
        )}
      </PageShell>
    );
  }
  const buy = side === 'BUY';
  // What the order would take from the book as it stands, level by level, as the engine fills it.
  const levels = (buy ? book.data?.asks : book.data?.bids) ?? [];
  const fill = isDecimal(value) ? walkBook(side, levels, value, market) : null;
  const best = levels[0]?.[0] ?? null;
  const expected = fill?.averagePrice ?? best;
  const available = buy ? balance.data?.quote.available : balance.data?.base.available;
  const payAsset = buy ? market.quote : market.base;
  const getAsset = buy ? market.base : market.quote;
  const decimals = buy ? market.price_decimals : market.amount_decimals;
  const receive = fill?.averagePrice ? (buy ? fill.amount : fill.total) : '';
  const partial = fill !== null && fill.averagePrice !== null && !fill.complete;
  const reset = () => {
    setReview(false);
    setFieldError(undefined);
  };

  async function confirm() {
    if (!market) return;
    setBusy(true);
    try {
      const envelope = await createOrder(
        {
          market_id: market.market_id,
          side,
          type: 'MARKET',
          ...(buy ? { total: value.trim() } : { amount: value.trim() }),
        },
        newIdempotencyKey(),
      );
      if (envelope.error) {
        setFieldError(envelope.fields?.total ?? envelope.fields?.amount);
        setReview(false);
        toast.error(envelope.message);
        return;
      }
      const o = envelope.data.order;
      toast.success(
        buy
          ? t('insta.bought', { amount: formatAmount(o.filled, 0), base: market.base })
          : t('insta.sold', {
              amount: formatAmount(o.filled, 0),
              base: market.base,
              total: formatAmount(o.total_filled),
              quote: market.quote,
            }),
      );
      setValue('');
      setReview(false);
      void client.invalidateQueries({ queryKey: balancesQueryOptions().queryKey });
      void client.invalidateQueries({ queryKey: ['orders'] });
    } finally {
      setBusy(false);
    }
  }

  return (
    <PageShell page="insta" title={t('insta.title')} backHref="/tabs/home">
      <MarketPicker
        markets={list}
        value={market.market_id}
        onChange={(id) => {
          setChosen(id);
          setValue('');
          reset();
        }}
        testPrefix="insta-market"
      />
      <div className="mkt-panel">
        <Segmented
          value={side}
          onChange={(next) => {
            setSide(next);
            setValue('');
            reset();
          }}
          label={t('insta.sideLabel')}
          options={(['BUY', 'SELL'] as const).map((value) => ({
            value,
            label: t(`insta.side.${value}`, { base: market.base }),
            testId: `insta-side-${value.toLowerCase()}`,
          }))}
        />
        <p className="fit24-muted">
          {t('insta.available')}{' '}
          <span className="mkt-num" data-testid="insta-available">
            {available === undefined ? '—' : formatAmount(available)}
          </span>{' '}
          {payAsset}
        </p>
        <TextField
          label={
            buy ? t('insta.spend', { quote: market.quote }) : t('insta.sellAmount', { base: market.base })
          }
          value={value}
          onChange={(v) => {
            setValue(cleanAmountInput(v, decimals));
            reset();
          }}
          inputmode="decimal"
          error={fieldError}
          disabled={review}
          testId="insta-amount"
          end={
            available !== undefined && !review ? (
              <IonButton
                fill="clear"
                size="small"
                onClick={() => setValue(percentOf(available, 100, decimals))}
                data-testid="insta-max"
              >
                {t('insta.max')}
              </IonButton>
            ) : undefined
          }
        />
        <dl className="mkt-summary">
          <dt>{fill?.averagePrice ? t('insta.expected') : t('insta.best')}</dt>
          <dd className="mkt-num" data-testid="insta-expected-price">
            {expected ? `${formatAmount(expected)} ${market.quote}` : t('insta.noOrders')}
          </dd>
          <dt>{t('insta.receive')}</dt>
          <dd className="mkt-num" data-testid="insta-receive">
            {receive ? `${formatAmount(receive, 0)} ${getAsset}` : '—'}
          </dd>
        </dl>
        {book.isError && (
          <LoadError message={book.error.message} onRetry={() => book.refetch()} testId="insta-book-error" />
        )}
        {partial && (
          <p className="trade__halted" data-testid="insta-partial">
            {t('insta.partial', { amount: formatAmount(fill.amount, 0), base: market.base })}
          </p>
        )}
        <p className="fit24-muted">{t('insta.note')}</p>
        {review ? (
          <div data-testid="insta-confirm-step">
            <SubmitButton
              busy={busy}
              onClick={() => void confirm()}
              testId="insta-confirm"
              color={buy ? 'success' : 'danger'}
            >
              {t(`insta.confirm.${side}`, { amount: formatAmount(value, 0), asset: payAsset })}
            </SubmitButton>
            <IonButton expand="block" fill="clear" onClick={() => setReview(false)} data-testid="insta-back">
              {t('insta.change')}
            </IonButton>
          </div>
        ) : (
          <IonButton
            expand="block"
            onClick={() => setReview(true)}
            disabled={!isDecimal(value) || !expected}
            data-testid="insta-review"
          >
            {t('insta.review')}
          </IonButton>
        )}
      </div>
    </PageShell>
  );
}
