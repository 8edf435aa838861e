/**
 * The app's pages a notification opens (apps/web/src/app/routes.tsx; notifications.test.ts checks each
 * against it): a tap in the list, a push, an email's "open it in the app".
 */

/** A line of the user's asset history, the page of one deposit, withdrawal or transfer. */
export const TRANSACTION_PATH = '/funds/transaction?id=';

/**
 * Where a notification points: a path, or the user's own history line of a deposit, withdrawal or
 * transfer, whose id the insert looks up (the line is written in the same transaction, just before).
 */
export type NotificationLink = string | { historyOf: { refType: HistoryRefType; refId: bigint } } | null;
type HistoryRefType = 'deposit' | 'withdrawal' | 'transfer';

export const links = {
  transaction: (refType: HistoryRefType, refId: bigint): NotificationLink => ({
    historyOf: { refType, refId },
  }),
  trade: (marketId: number) => `/trade?market_id=${marketId}`,
  kyc: '/kyc',
  security: '/security',
  stake: '/affiliate/stake',
  earnings: '/affiliate/earnings',
  ranks: '/affiliate/ranks',
} as const;
