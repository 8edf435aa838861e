import { useEffect } from 'react';

/**
 * While a full-screen page is laid over the app (offline, update required), the app below is `inert`:
 * no focus, no clicks and nothing read out from it, so keyboard and screen-reader users stay on the page
 * that is shown, as everybody else does.
 */
export function useInertApp(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const app = document.querySelector('ion-app');
    app?.setAttribute('inert', '');
    return () => app?.removeAttribute('inert');
  }, [active]);
}
