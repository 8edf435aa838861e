import { PlaceholderPage } from '../../../components/ui/PlaceholderPage.tsx';

// The wallet tab and the funds screens; later issues build them.

export function WalletPage() {
  return (
    <PlaceholderPage
      page="tabs/wallet"
      title="Wallet"
      description="Your balances per asset (available, on hold, locked and staked) and their value in USD."
    />
  );
}

export function AssetBalancePage() {
  return (
    <PlaceholderPage
      page="funds/asset-balance"
      title="Asset balance"
      backHref="/tabs/wallet"
      description="One asset's balance, its markets and its deposit and withdrawal history."
    />
  );
}

export function DepositPage() {
  return (
    <PlaceholderPage
      page="funds/deposit"
      title="Deposit"
      backHref="/tabs/wallet"
      description="Your deposit address with its QR code, network and the confirmations a deposit needs."
    />
  );
}

export function WithdrawPage() {
  return (
    <PlaceholderPage
      page="funds/withdraw"
      title="Withdraw"
      backHref="/tabs/wallet"
      description="Send an asset to an external address, confirmed with your transaction password."
    />
  );
}
