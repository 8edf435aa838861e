import { useIonRouter } from '@ionic/react';
import { useEffect } from 'react';
import { setRootNavigator } from '../lib/navigation.ts';

/** Hands the router to code outside React: an ended session sends the app to the root, as a new stack. */
export function RootNavigator() {
  const router = useIonRouter();
  useEffect(() => {
    setRootNavigator(() => router.push('/', 'root', 'replace'));
    return () => setRootNavigator(null);
  }, [router]);
  return null;
}
