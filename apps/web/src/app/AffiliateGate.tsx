import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingPage } from '../components/ui/LoadingPage.tsx';
import { affiliateQueryOptions } from '../features/affiliate/api/get-affiliate.ts';
import { useSession } from '../lib/session.ts';
import { GuardView } from './Guard.tsx';
import { type Decision, decide, hasToken } from './guards.ts';

export const EARN = '/earn';

/**
 * The affiliate dashboard's guard (spec §2): a session first (none: clear it, go to the root), then the
 * affiliate profile, loaded afresh on entering (GET /api/affiliate, key ['affiliate']). While it loads a
 * spinner shows; if loading it errors, the user goes to earn.
 */
export function AffiliateGate({ path, children }: { path: string; children: ReactNode }) {
  const { t } = useTranslation();
  const session = useSession();
  const profile = useQuery({
    ...affiliateQueryOptions(),
    enabled: hasToken(session),
    refetchOnMount: 'always',
  });
  const sessionDecision = decide('signedIn', session);
  const loading =
    sessionDecision === 'allow' && (profile.isPending || (profile.isError && profile.isFetching));
  if (loading) return <LoadingPage label={t('affiliateGate.loading')} />;
  const decision: Decision =
    sessionDecision !== 'allow' ? sessionDecision : profile.isError ? { redirect: EARN } : 'allow';
  return (
    <GuardView decision={decision} path={path}>
      {children}
    </GuardView>
  );
}
