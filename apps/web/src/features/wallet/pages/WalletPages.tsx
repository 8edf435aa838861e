// The wallet tab and the funds screens, one file each; the router imports them from here.
export { AssetBalancePage } from './AssetBalancePage.tsx';
export { DepositPage } from './DepositPage.tsx';
export { TransactionPage } from './TransactionPage.tsx';
export { TransferPage } from './TransferPage.tsx';
export { WalletPage } from './WalletPage.tsx';
export { WithdrawPage } from './WithdrawPage.tsx';
