import type { ProofFailureCode } from '@fit24/reserves';
import { IonIcon } from '@ionic/react';
import { checkmarkCircle, closeCircle, ellipseOutline } from 'ionicons/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type InclusionCheck, type SnapshotCheck, shorten } from '../lib/verify.ts';

type StepState = 'ok' | 'bad' | 'idle';

/** Which of the three proof steps a failure code breaks: the ones before it held, the rest never ran. */
const FAILED_STEP: Record<ProofFailureCode, 0 | 1 | 2> = {
  malformed: 0,
  negative: 0,
  'snapshot-mismatch': 0,
  'path-mismatch': 1,
  'root-mismatch': 2,
  'sums-mismatch': 2,
};

function proofSteps(check: InclusionCheck | null): [StepState, StepState, StepState] {
  if (check === null) return ['idle', 'idle', 'idle'];
  if (check.ok) return ['ok', 'ok', 'ok'];
  const failed = FAILED_STEP[check.code];
  return [0, 1, 2].map((i) => (i < failed ? 'ok' : i === failed ? 'bad' : 'idle')) as [
    StepState,
    StepState,
    StepState,
  ];
}

const ICONS: Record<StepState, string> = { ok: checkmarkCircle, bad: closeCircle, idle: ellipseOutline };

function Step({ state, testId, children }: { state: StepState; testId: string; children: ReactNode }) {
  return (
    <li className={`reserves-step reserves-step--${state}`} data-testid={testId} data-state={state}>
      <IonIcon icon={ICONS[state]} aria-hidden="true" />
      <div>{children}</div>
    </li>
  );
}

/**
 * What this browser checked, step by step, with the hashes it computed: the leaf, the path, the root
 * against the published one, the published liabilities against the root, and the reserve signatures.
 */
export function VerifySteps({
  inclusion,
  snapshot,
  rootHash,
}: {
  inclusion: InclusionCheck | null;
  snapshot: SnapshotCheck;
  rootHash: string;
}) {
  const { t } = useTranslation('reserves');
  const [leaf, path, root] = proofSteps(inclusion);
  const { verified, total } = snapshot.signatures;
  return (
    <section className="fit24-panel reserves-steps" aria-labelledby="reserves-steps-title">
      <h2 id="reserves-steps-title" className="reserves-section-title">
        {t('steps.title')}
      </h2>
      <ol>
        <Step state={leaf} testId="reserves-step-leaf">
          <span>{leaf === 'bad' ? t('steps.leafBad') : t('steps.leaf')}</span>
          {inclusion?.ok && <code title={inclusion.leafHash}>{shorten(inclusion.leafHash, 10)}</code>}
        </Step>
        <Step state={path} testId="reserves-step-path">
          <span>
            {inclusion?.ok
              ? t('steps.path', { count: inclusion.steps })
              : path === 'bad'
                ? t('steps.pathBad')
                : t('steps.pathPending')}
          </span>
        </Step>
        <Step state={root} testId="reserves-step-root">
          <span>{root === 'bad' ? t('steps.rootBad') : t('steps.root')}</span>
          <code title={rootHash}>
            {t('steps.rootHash')} {shorten(rootHash, 10)}
          </code>
        </Step>
        <Step state={snapshot.totalsMatchRoot ? 'ok' : 'bad'} testId="reserves-step-totals">
          <span>{snapshot.totalsMatchRoot ? t('steps.totals') : t('steps.totalsBad')}</span>
        </Step>
        <Step
          state={total === 0 ? 'idle' : verified === total ? 'ok' : 'bad'}
          testId="reserves-step-signatures"
        >
          <span>{total === 0 ? t('steps.noSignatures') : t('steps.signatures', { verified, total })}</span>
        </Step>
      </ol>
    </section>
  );
}
