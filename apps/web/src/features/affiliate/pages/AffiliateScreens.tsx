import type { ComponentType } from 'react';
import type { AffiliateScreen } from '../screens.ts';
import { EarningsPage } from './EarningsPage.tsx';
import { InvitePage } from './InvitePage.tsx';
import { PartnersPage, TeamPage } from './NetworkPages.tsx';
import { OffersPage, RanksPage, SurgePage } from './ProgrammePages.tsx';
import { StakePage } from './StakePage.tsx';

/** The affiliate sub-screens (spec §2 lists them; DESIGN §3 gives their data). */
const affiliateScreens: Record<AffiliateScreen, ComponentType> = {
  stake: StakePage,
  invite: InvitePage,
  partners: PartnersPage,
  team: TeamPage,
  earnings: EarningsPage,
  surge: SurgePage,
  offers: OffersPage,
  ranks: RanksPage,
};

export function AffiliateScreenPage({ screen }: { screen: AffiliateScreen }) {
  const Screen = affiliateScreens[screen];
  return <Screen />;
}
