import { IonButton } from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
import { notificationsOutline, statsChartOutline } from 'ionicons/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { ListSkeleton } from '../../../components/ui/ListSkeleton.tsx';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { PageShell } from '../../../components/ui/PageShell.tsx';
import { PullToRefresh } from '../../../components/ui/PullToRefresh.tsx';
import { Segmented } from '../../../components/ui/Segmented.tsx';
import { SubmitButton } from '../../../components/ui/SubmitButton.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { useToast } from '../../../components/ui/toast.ts';
import { cleanAmountInput, formatAmount } from '../../../lib/money.ts';
import { createAlert, deleteAlert, useAlerts, useMarkets } from '../api/markets.ts';
import { MarketPicker } from '../components/MarketPicker.tsx';
import '../components/markets.css';

/** Price alerts: create one (market, above/below, price), list them, delete one. */
export function AlertsPage() {
  const { t } = useTranslation('markets');
  const toast = useToast();
  const client = useQueryClient();
  const markets = useMarkets();
  const alerts = useAlerts();
  const [chosen, setChosen] = useState<number | null>(null);
  const [condition, setCondition] = useState<'ABOVE' | 'BELOW'>('ABOVE');
  const [price, setPrice] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const list = markets.data?.markets ?? [];
  const market = list.find((m) => m.market_id === chosen) ?? list[0] ?? null;

  async function create() {
    if (!market) return;
    setBusy(true);
    setFields({});
    try {
      const envelope = await createAlert({ market_id: market.market_id, condition, price: price.trim() });
      if (envelope.error) {
        setFields(envelope.fields ?? {});
        toast.error(envelope.message);
        return;
      }
      toast.success(t('alerts.created'));
      setPrice('');
      void client.invalidateQueries({ queryKey: ['alerts'] });
    } finally {
      setBusy(false);
    }
  }

  async function remove(alertId: number) {
    const envelope = await deleteAlert(alertId);
    if (envelope.error) toast.error(envelope.message);
    else toast.success(t('alerts.deleted'));
    void client.invalidateQueries({ queryKey: ['alerts'] });
  }

  return (
    <PageShell page="alerts" title={t('alerts.title')} backHref="/tabs/markets">
      <PullToRefresh onRefresh={() => Promise.all([alerts.refetch(), markets.refetch()])} />
      {market ? (
        <div className="mkt-panel" data-testid="alert-form">
          <MarketPicker
            markets={list}
            value={market.market_id}
            onChange={setChosen}
            testPrefix="alert-market"
          />
          <p className="fit24-muted">
            {t('alerts.lastPrice')}{' '}
            <span className="mkt-num">
              {formatAmount(market.last_price)} {market.quote}
            </span>
          </p>
          <Segmented
            value={condition}
            onChange={setCondition}
            label={t('alerts.conditionLabel')}
            options={[
              { value: 'ABOVE', label: t('alerts.above'), testId: 'alert-condition-above' },
              { value: 'BELOW', label: t('alerts.below'), testId: 'alert-condition-below' },
            ]}
          />
          <TextField
            label={t('alerts.price', { quote: market.quote })}
            value={price}
            onChange={(v) => setPrice(cleanAmountInput(v, market.price_decimals))}
            inputmode="decimal"
            error={fields.price}
            testId="alert-price"
          />
          <SubmitButton
            busy={busy}
            onClick={() => void create()}
            testId="alert-create"
            disabled={!price.trim()}
          >
            {t('alerts.create')}
          </SubmitButton>
        </div>
      ) : markets.isError ? (
        <LoadError
          icon={statsChartOutline}
          title={t('list.unavailable')}
          message={markets.error.message}
          onRetry={() => markets.refetch()}
          testId="alert-markets-error"
        />
      ) : (
        <ListSkeleton label={t('alerts.loadingMarkets')} rows={2} />
      )}
      {alerts.isPending ? (
        <ListSkeleton label={t('alerts.loading')} rows={3} />
      ) : alerts.isError ? (
        <LoadError message={alerts.error.message} onRetry={() => alerts.refetch()} testId="alerts-error" />
      ) : alerts.data.alerts.length === 0 ? (
        <EmptyState icon={notificationsOutline} title={t('alerts.emptyTitle')} testId="alerts-empty">
          <p className="fit24-muted">{t('alerts.emptyText')}</p>
        </EmptyState>
      ) : (
        <>
          <h2 className="mkt-section-title">{t('alerts.yours')}</h2>
          <ul className="mkt-alerts" data-testid="alerts-list">
            {alerts.data.alerts.map((a) => (
              <li key={a.alert_id} data-testid="alert-row" data-alert-id={a.alert_id} data-status={a.status}>
                <span>
                  <strong>{a.symbol}</strong> {t(`alerts.condition.${a.condition}`)}{' '}
                  <span className="mkt-num">{formatAmount(a.price)}</span>
                  <br />
                  <span className="fit24-muted">{t(`alerts.status.${a.status}`)}</span>
                </span>
                <IonButton
                  size="small"
                  fill="outline"
                  color="danger"
                  onClick={() => void remove(a.alert_id)}
                  data-testid="alert-delete"
                >
                  {t('alerts.delete')}
                </IonButton>
              </li>
            ))}
          </ul>
        </>
      )}
    </PageShell>
  );
}
