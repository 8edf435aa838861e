import { PlaceholderPage } from '../../../components/ui/PlaceholderPage.tsx';

// Account screens pushed from the Account tab that a later issue builds.

export function SettingsPage() {
  return (
    <PlaceholderPage
      page="settings"
      title="Settings"
      backHref="/tabs/account"
      description="Choose your theme and language."
    />
  );
}
