import { useIonRouter } from '@ionic/react';
import { useEffect } from 'react';
import { onNativePushTap } from '../lib/native-push-tap.ts';

/** In the native app, a tapped push opens the page it is about (in a browser the service worker does). */
export function NativePushTaps() {
  const router = useIonRouter();
  useEffect(() => onNativePushTap((path) => router.push(path, 'forward')), [router]);
  return null;
}
