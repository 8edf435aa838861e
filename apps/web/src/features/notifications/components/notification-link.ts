import type { TNotification } from '@fit24/contract';

/**
 * The app page a notification opens, or null when it has none (older notifications) or when its link is
 * not a path of this app: a press never leaves the app, whatever the server stored.
 */
export function notificationHref(notification: Pick<TNotification, 'link'>): string | null {
  const { link } = notification;
  if (!link?.startsWith('/') || link.startsWith('//') || link.includes('\\')) return null;
  return link;
}
