import { Capacitor } from '@capacitor/core';
import { safePath } from '../../../lib/app-path.ts';

// Apart from device-push.ts so that every screen can listen without loading the push settings' code.

/**
 * In the native app, a tapped notification (FCM or APNs, its `data.url`) opens the page it is about, as
 * the service worker does for web push; only a path of this app is opened. Returns the way to stop.
 */
export function onNativePushTap(open: (path: string) => void): () => void {
  if (!Capacitor.isNativePlatform()) return () => undefined;
  let stopped = false;
  const handle = import('@capacitor/push-notifications').then(({ PushNotifications }) =>
    PushNotifications.addListener('pushNotificationActionPerformed', (action) => {
      const data = action.notification.data as { url?: unknown } | undefined;
      if (!stopped) open(safePath(data?.url));
    }),
  );
  return () => {
    stopped = true;
    void handle.then((h) => h.remove());
  };
}
