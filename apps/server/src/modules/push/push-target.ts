/**
 * For a notification written before notifications carried their `link` (migration
 * 2026112715_notification_links), the app's page a push or an email opens: a fill or an alert its
 * market's trade screen (the market named in its text, "… on BTC/USDT …"), money its wallet, a new
 * sign-in the security screen, rewards the affiliate earnings.
 */
export function notificationTarget(
  notification: { type: string; title: string; body: string },
  marketIds: ReadonlyMap<string, number>,
): string {
  switch (notification.type) {
    case 'ORDER_FILLED':
    case 'PRICE_ALERT': {
      const text = `${notification.title} ${notification.body}`;
      const symbol = /(?:^|[\s(])([A-Z0-9]{2,12}\/[A-Z0-9]{2,12})\b/.exec(text)?.[1];
      const marketId = symbol ? marketIds.get(symbol) : undefined;
      if (marketId !== undefined) return `/trade?market_id=${marketId}`;
      return notification.type === 'PRICE_ALERT' ? '/alerts' : '/trade';
    }
    case 'DEPOSIT_CREDITED':
    case 'WITHDRAWAL_STATUS':
      return '/tabs/wallet';
    case 'NEW_DEVICE_SIGNIN':
      return '/security';
    case 'REWARD_CREDITED':
    case 'RANK_REACHED':
      return '/affiliate/earnings';
    default:
      return '/notifications';
  }
}
