import { useIonToast } from '@ionic/react';
import { useMemo } from 'react';
import { i18n } from '../../i18n/i18n.ts';

/** The header of the page on screen (Ionic keeps the pages behind it in the DOM, hidden). */
function visibleHeader(): HTMLElement | undefined {
  const headers = document.querySelectorAll<HTMLElement>('.ion-page:not(.ion-page-hidden) > ion-header');
  return headers[headers.length - 1];
}

/** Short messages over the page: failures carry the server's `message`, successes confirm an action. */
export function useToast() {
  const [present, dismiss] = useIonToast();
  return useMemo(() => {
    // One message at a time: a new one replaces the one still showing.
    const show = (message: string, color: 'danger' | 'success' | 'medium') =>
      void dismiss().finally(() => {
        const header = visibleHeader();
        present({
          message,
          color,
          duration: color === 'danger' ? 4500 : 2500,
          position: 'top',
          // Below the header of the page on screen, never over its title and back button.
          ...(header ? { positionAnchor: header } : {}),
          swipeGesture: 'vertical',
          buttons: [{ text: i18n.t('actions.ok'), role: 'cancel' }],
          htmlAttributes: { 'data-testid': `toast-${color === 'danger' ? 'error' : 'info'}` },
        });
      });
    return {
      error: (message: string) => show(message, 'danger'),
      success: (message: string) => show(message, 'success'),
      info: (message: string) => show(message, 'medium'),
    };
  }, [present, dismiss]);
}
