import { PlaceholderPage } from '../../../components/ui/PlaceholderPage.tsx';

// Account screens pushed from the Account tab; later issues build them.

export function KycPage() {
  return (
    <PlaceholderPage
      page="kyc"
      title="Identity verification"
      backHref="/tabs/account"
      description="Submit your personal details, an identity document and a selfie to lift withdrawal limits."
    />
  );
}

export function BankPage() {
  return (
    <PlaceholderPage
      page="bank"
      title="Bank accounts"
      backHref="/tabs/account"
      description="Add and review the bank accounts you use for fiat transfers."
    />
  );
}

export function SecurityPage() {
  return (
    <PlaceholderPage
      page="security"
      title="Security"
      backHref="/tabs/account"
      description="Change your password, set your transaction password and review your signed-in sessions."
    />
  );
}

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
