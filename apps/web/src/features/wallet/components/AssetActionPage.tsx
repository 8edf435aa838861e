import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PageShell } from '../../../components/ui/PageShell.tsx';
import { PullToRefresh } from '../../../components/ui/PullToRefresh.tsx';
import { AssetChooser } from './AssetChooser.tsx';
import { SignedInOnly } from './SignedInOnly.tsx';
import { useAssetParam } from './use-asset-param.ts';

interface AssetActionPageProps {
  /** The route, e.g. '/funds/deposit'; its data-page is the route without the slash. */
  path: string;
  title: string;
  /** What the chooser asks when the address names no asset. */
  lead: string;
  /** Prefix of the chooser's test id: `<prefix>-chooser`. */
  testPrefix: string;
  /** The page for one asset; `choose` switches to another asset in place. */
  children: (assetId: number, choose: (assetId: number) => void) => ReactNode;
}

/**
 * A funds page about one asset (`?asset_id=`): signed-in only, with an asset chooser when none is named.
 * Pulling down refreshes what the page shows of the assets (balances, the asset's fee and limits, notices),
 * never the form's own text.
 */
export function AssetActionPage({ path, title, lead, testPrefix, children }: AssetActionPageProps) {
  const { assetId, choose } = useAssetParam(path);
  const queryClient = useQueryClient();
  return (
    <PageShell page={path.slice(1)} title={title} backHref="/tabs/wallet">
      <PullToRefresh onRefresh={() => queryClient.refetchQueries({ queryKey: ['asset'], type: 'active' })} />
      <SignedInOnly>
        {assetId === null ? (
          <>
            <p className="funds-lead">{lead}</p>
            <AssetChooser testId={`${testPrefix}-chooser`} onChoose={(b) => choose(b.asset_id)} />
          </>
        ) : (
          children(assetId, choose)
        )}
      </SignedInOnly>
    </PageShell>
  );
}
