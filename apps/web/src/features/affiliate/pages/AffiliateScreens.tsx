import { PlaceholderPage } from '../../../components/ui/PlaceholderPage.tsx';
import type { AffiliateScreen } from '../screens.ts';

/** The affiliate sub-screens (spec §2 names them; their content is not shown, later issues build it). */
const affiliateScreens: Record<AffiliateScreen, { title: string; description: string }> = {
  stake: {
    title: 'Stake FIT24',
    description: 'Stake FIT24 from your available, locked or affiliate-wallet balance to earn a daily yield.',
  },
  invite: {
    title: 'Invite Friends',
    description: 'Share your referral code; friends who stake with it become your direct partners.',
  },
  partners: { title: 'Partners', description: 'Your direct partners with their stake and team size.' },
  team: {
    title: 'Team',
    description: 'Your whole downline, level by level, with the business of each level.',
  },
  earnings: {
    title: 'Earnings',
    description: 'Your affiliate wallet, income by kind, and claiming income into available FIT24.',
  },
  surge: { title: 'Surge', description: "This week's and last week's surge multiplier on staking rewards." },
  offers: { title: 'Offers', description: 'Campaigns that pay a bonus on stakes made inside their window.' },
  ranks: {
    title: 'Ranks',
    description: 'The ranks you can reach by team business and directs, and their rewards.',
  },
};

export function AffiliateScreenPage({ screen }: { screen: AffiliateScreen }) {
  const { title, description } = affiliateScreens[screen];
  return (
    <PlaceholderPage
      page={`affiliate/${screen}`}
      title={title}
      backHref="/affiliate"
      description={description}
    />
  );
}
