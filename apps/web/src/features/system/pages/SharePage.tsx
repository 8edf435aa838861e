import { PlaceholderPage } from '../../../components/ui/PlaceholderPage.tsx';

export function SharePage() {
  return (
    <PlaceholderPage
      page="share"
      title="Invite friends"
      backHref="/"
      description="Share your referral link: friends who join with it become your partners in the affiliate programme."
    />
  );
}
