/** Where a notification opens when the path it carries cannot be opened. */
export const NOTIFICATIONS_PATH = '/notifications';

/**
 * Only a path of this app ("/trade?market_id=1") is opened: never another site, nor a protocol-relative
 * "//host" — a push is the server's, but a tap must never leave the app whatever it says. Used by the
 * service worker (web push) and by the native app (FCM/APNs taps).
 */
export function safePath(url: unknown): string {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//') || url.includes('\\')) {
    return NOTIFICATIONS_PATH;
  }
  return url;
}
