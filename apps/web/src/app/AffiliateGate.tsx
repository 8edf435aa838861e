import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadingPage } from '../components/ui/LoadingPage.tsx';
import { affiliateQueryOptions } from '../features/affiliate/api/get-affiliate.ts';
import { useSession } from '../lib/session.ts';
import { Redirect, useIsActive } from './Guard.tsx';
import { decide, hasToken } from './guards.ts';

export const EARN = '/earn';

/**
 * The affiliate dashboard's guard (spec §2): a session first (none: clear it, go to the root), then the
 * affiliate profile, loaded afresh on entering (GET /api/affiliate, key ['affiliate']). While it loads a
 * spinner shows; if loading it errors, the user goes to earn.
 */
export function AffiliateGate({ path, children }: { path: string; children: ReactNode }) {
  const session = useSession();
  const active = useIsActive(path);
  const decision = decide('signedIn', session);
  const profile = useQuery({
    ...affiliateQueryOptions(),
    enabled: hasToken(session),
    refetchOnMount: 'always',
  });
  if (decision !== 'allow') {
    return active ? <Redirect to={decision.redirect} clear={decision.clearSession === true} /> : children;
  }
  if (profile.isError && !profile.isFetching) return active ? <Redirect to={EARN} /> : children;
  if (profile.isPending || profile.isError) return <LoadingPage title="Affiliate" backHref={EARN} />;
  return children;
}
