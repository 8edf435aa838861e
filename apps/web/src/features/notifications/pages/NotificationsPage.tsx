import { PlaceholderPage } from '../../../components/ui/PlaceholderPage.tsx';

export function NotificationsPage() {
  return (
    <PlaceholderPage
      page="notifications"
      title="Notifications"
      backHref="/tabs/home"
      description="Deposits, withdrawals, filled orders, price alerts and rewards, newest first."
    />
  );
}
