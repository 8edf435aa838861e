import type { TReservesSnapshot } from '@fit24/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useProof } from '../api/get-proof.ts';
import { downloadProof } from '../lib/download.ts';
import { checkInclusion, checkSnapshot, readingOrder } from '../lib/verify.ts';
import { AssetCard } from './AssetCard.tsx';
import { type ProofState, Verdict } from './Verdict.tsx';
import { VerifySteps } from './VerifySteps.tsx';
import { VerifyYourself } from './VerifyYourself.tsx';

/** HTTP status of "you are not in this snapshot" (you held nothing when it was taken). */
const NOT_IN_SNAPSHOT = 404;

/** One published snapshot, checked in this browser: the verdict, the reserves per asset, the steps. */
export function SnapshotView({ snapshot }: { snapshot: TReservesSnapshot }) {
  const { t } = useTranslation('reserves');
  const toast = useToast();
  const proof = useProof(snapshot.id);
  const served = proof.data?.proof;
  const inclusion = useMemo(
    () => (served === undefined ? null : checkInclusion(snapshot, served)),
    [snapshot, served],
  );
  const checks = useMemo(() => checkSnapshot(snapshot), [snapshot]);

  const state: ProofState =
    inclusion !== null
      ? { name: 'checked', check: inclusion }
      : proof.isError
        ? proof.error instanceof ApiError && proof.error.code === NOT_IN_SNAPSHOT
          ? { name: 'absent' }
          : { name: 'error', message: proof.error.message, retry: () => proof.refetch() }
        : { name: 'checking' };

  const download =
    served === undefined
      ? undefined
      : () => {
          downloadProof(snapshot.id, served);
          toast.success(t('download.done'));
        };

  return (
    <div className="reserves-layout">
      <div className="reserves-layout__verdict">
        <Verdict snapshotId={snapshot.id} state={state} onDownload={() => download?.()} />
      </div>
      <div className="reserves-layout__steps">
        <VerifySteps inclusion={inclusion} snapshot={checks} rootHash={snapshot.root.hash} />
      </div>
      <section className="reserves-layout__assets" aria-labelledby="reserves-assets-title">
        <h2 id="reserves-assets-title" className="reserves-section-title">
          {t('assets.title')}
        </h2>
        <p className="reserves-explain">{t('assets.explain')}</p>
        <div className="reserves-assets" data-testid="reserves-assets">
          {readingOrder(checks.assets).map((check) => (
            <AssetCard key={check.asset.asset} check={check} />
          ))}
        </div>
      </section>
      <div className="reserves-layout__yourself">
        <VerifyYourself snapshotId={snapshot.id} {...(download ? { onDownload: download } : {})} />
      </div>
    </div>
  );
}
