import { useIonToast } from '@ionic/react';
import { useMemo } from 'react';
import { i18n } from '../../i18n/i18n.ts';

/** Short messages over the page: failures carry the server's `message`, successes confirm an action. */
export function useToast() {
  const [present, dismiss] = useIonToast();
  return useMemo(() => {
    // One message at a time: a new one replaces the one still showing.
    const show = (message: string, color: 'danger' | 'success' | 'medium') =>
      void dismiss().finally(() =>
        present({
          message,
          color,
          duration: color === 'danger' ? 4500 : 2500,
          position: 'top',
          swipeGesture: 'vertical',
          buttons: [{ text: i18n.t('actions.ok'), role: 'cancel' }],
          htmlAttributes: { 'data-testid': `toast-${color === 'danger' ? 'error' : 'info'}` },
        }),
      );
    return {
      error: (message: string) => show(message, 'danger'),
      success: (message: string) => show(message, 'success'),
      info: (message: string) => show(message, 'medium'),
    };
  }, [present, dismiss]);
}
