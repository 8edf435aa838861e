import type { TReservesSnapshot } from '@fit24/contract';
import { IonSelect, IonSelectOption } from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
import { cloudOfflineOutline, scaleOutline } from 'ionicons/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { ListSkeleton } from '../../../components/ui/ListSkeleton.tsx';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { PageShell } from '../../../components/ui/PageShell.tsx';
import { PullToRefresh } from '../../../components/ui/PullToRefresh.tsx';
import { formatDateTime } from '../../../lib/date-time.ts';
import { useReserves } from '../api/get-reserves.ts';
import { SnapshotView } from '../components/SnapshotView.tsx';
import '../../../components/ui/forms.css';
import '../../../components/ui/status.css';
import './reserves.css';

const takenAt = (snapshot: TReservesSnapshot) => formatDateTime(Date.parse(snapshot.taken_at) / 1000);

/**
 * Account → Proof of reserves (issue 16): the latest snapshot (or an older one), the user's balances in
 * it verified in this browser against the published root, and the reserves per asset proven by signed
 * on-chain addresses.
 */
export function ReservesPage() {
  const { t } = useTranslation('reserves');
  const client = useQueryClient();
  const reserves = useReserves();
  const [chosen, setChosen] = useState<number | null>(null);
  const snapshots = reserves.data?.snapshots ?? [];
  const snapshot = snapshots.find((s) => s.id === chosen) ?? snapshots[0];
  return (
    <PageShell page="reserves" title={t('title')} backHref="/tabs/account">
      <PullToRefresh onRefresh={() => client.invalidateQueries({ queryKey: ['reserves'] })} />
      <p className="reserves-lead">{t('lead')}</p>
      {reserves.isPending && <ListSkeleton rows={3} label={t('loading')} testId="reserves-loading" />}
      {reserves.isError && (
        <LoadError
          icon={cloudOfflineOutline}
          title={t('loadError')}
          message={reserves.error.message}
          onRetry={() => reserves.refetch()}
          testId="reserves-error"
        />
      )}
      {reserves.isSuccess && snapshots.length === 0 && (
        <EmptyState icon={scaleOutline} title={t('empty.title')} testId="reserves-empty">
          <p>{t('empty.text')}</p>
        </EmptyState>
      )}
      {snapshot && (
        <>
          <div className="reserves-snapshot">
            <IonSelect
              className="reserves-snapshot__select"
              label={t('snapshot.choose')}
              labelPlacement="stacked"
              fill="outline"
              mode="md"
              interface="popover"
              value={String(snapshot.id)}
              onIonChange={(event) => setChosen(Number(event.detail.value))}
              data-testid="reserves-snapshot"
            >
              {snapshots.map((s, i) => (
                <IonSelectOption key={s.id} value={String(s.id)}>
                  {t(i === 0 ? 'snapshot.optionLatest' : 'snapshot.option', { id: s.id, date: takenAt(s) })}
                </IonSelectOption>
              ))}
            </IonSelect>
            <p className="reserves-snapshot__meta" data-testid="reserves-snapshot-meta">
              <span>{t('snapshot.takenAt', { date: takenAt(snapshot) })}</span>
              <span>{t('snapshot.accounts', { count: snapshot.user_count })}</span>
              <span>{t('snapshot.ledgerPoint', { point: snapshot.ledger_point })}</span>
            </p>
          </div>
          <SnapshotView key={snapshot.id} snapshot={snapshot} />
        </>
      )}
    </PageShell>
  );
}
