import type { ProofFailureCode } from '@fit24/reserves';
import { IonButton, IonIcon, IonSpinner } from '@ionic/react';
import { alertCircle, downloadOutline, ellipseOutline, shieldCheckmark } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { AssetIcon } from '../../../components/ui/AssetIcon.tsx';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { formatAmount } from '../../../lib/money.ts';
import { type InclusionCheck, provenBalances } from '../lib/verify.ts';

/** Where the user's proof stands: loading, not in the snapshot, not loaded, or checked (either way). */
export type ProofState =
  | { name: 'checking' }
  | { name: 'absent' }
  | { name: 'error'; message: string; retry: () => Promise<unknown> }
  | { name: 'checked'; check: InclusionCheck };

const REASON_KEYS = {
  malformed: 'malformed',
  negative: 'negative',
  'snapshot-mismatch': 'snapshotMismatch',
  'path-mismatch': 'pathMismatch',
  'root-mismatch': 'rootMismatch',
  'sums-mismatch': 'sumsMismatch',
} as const satisfies Record<ProofFailureCode, string>;

/**
 * The answer the page exists for, first and largest: are this user's balances in the snapshot, verified
 * here against the published root; with the balances the proof carries and the proof file to take away.
 */
export function Verdict({
  snapshotId,
  state,
  onDownload,
}: {
  snapshotId: number;
  state: ProofState;
  onDownload: () => void;
}) {
  const { t } = useTranslation('reserves');
  if (state.name === 'error') {
    return (
      <section className="reserves-verdict" data-testid="reserves-verdict" data-state="error">
        <LoadError
          icon={alertCircle}
          title={t('verdict.proofError')}
          message={state.message}
          onRetry={state.retry}
          testId="reserves-proof-error"
        />
      </section>
    );
  }
  const check = state.name === 'checked' ? state.check : null;
  const tone = check === null ? 'neutral' : check.ok ? 'ok' : 'bad';
  const dataState = check === null ? state.name : check.ok ? 'included' : 'failed';
  return (
    <section
      className={`reserves-verdict reserves-verdict--${tone}`}
      data-testid="reserves-verdict"
      data-state={dataState}
      aria-live="polite"
    >
      <div className="reserves-verdict__head">
        <span className="reserves-verdict__badge" aria-hidden="true">
          {state.name === 'checking' ? (
            <IonSpinner name="crescent" />
          ) : (
            <IonIcon icon={check?.ok ? shieldCheckmark : check ? alertCircle : ellipseOutline} />
          )}
        </span>
        <div>
          <h2 data-testid="reserves-verdict-title">
            {state.name === 'checking'
              ? t('verdict.checking')
              : state.name === 'absent'
                ? t('verdict.absent', { id: snapshotId })
                : check?.ok
                  ? t('verdict.included', { id: snapshotId })
                  : t('verdict.failed')}
          </h2>
          {state.name === 'absent' && <p>{t('verdict.absentNote')}</p>}
          {check?.ok && <p>{t('verdict.includedNote')}</p>}
          {check && !check.ok && (
            <p data-testid="reserves-verdict-reason" data-code={check.code}>
              {t(`reasons.${REASON_KEYS[check.code]}`)}
            </p>
          )}
        </div>
      </div>
      {check?.ok && (
        <>
          <h3 className="reserves-verdict__subtitle">{t('balances.title')}</h3>
          <ul className="reserves-balances" data-testid="reserves-balances">
            {provenBalances(check)
              .filter((b) => b.amount !== '0')
              .map((b) => (
                <li key={b.asset} data-asset={b.asset}>
                  <AssetIcon symbol={b.asset} size={28} />
                  <span className="reserves-balances__asset">{b.asset}</span>
                  <span className="reserves-num" data-testid={`reserves-balance-${b.asset}`}>
                    {formatAmount(b.amount)}
                  </span>
                </li>
              ))}
          </ul>
          <p className="reserves-verdict__note">{t('balances.note')}</p>
          <IonButton expand="block" onClick={onDownload} data-testid="reserves-download">
            <IonIcon icon={downloadOutline} slot="start" aria-hidden="true" />
            {t('download.button')}
          </IonButton>
        </>
      )}
    </section>
  );
}
