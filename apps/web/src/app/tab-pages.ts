/**
 * The tabs' pages, each a chunk of its own (issue 15). The router starts fetching the shown tab's chunk
 * together with the tab bar's (preloadTab), so a deep link to a tab waits for one round of requests,
 * not two in a row.
 */
export const tabPages = {
  home: () => import('./home/HomePage.tsx'),
  markets: () => import('../features/markets/pages/MarketsPage.tsx'),
  wallet: () => import('../features/wallet/pages/WalletPage.tsx'),
  account: () => import('../features/account/pages/AccountPage.tsx'),
};

export type TabName = keyof typeof tabPages;

/** Starts fetching the chunk of the tab `pathname` shows (`/tabs` shows home), if it is a tab. */
export function preloadTab(pathname: string): void {
  const tab = /^\/tabs(?:\/([^/]+))?\/?$/.exec(pathname)?.[1] ?? 'home';
  if (pathname.startsWith('/tabs') && tab in tabPages) void tabPages[tab as TabName]();
}
