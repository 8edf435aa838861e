import { useIonRouter } from '@ionic/react';
import type { MouseEvent, ReactNode } from 'react';

/**
 * A plain link into the app (`<a href>`: a new tab, copy link and the keyboard work as on any link) that
 * a plain click follows through Ionic's router, with its forward transition. For the first screens, where
 * an `ion-button` or `ion-card` per link cost a web component, a shadow root and a ripple each.
 */
export function RouterAnchor({
  href,
  className,
  testId,
  children,
}: {
  href: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  const router = useIonRouter();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    // A modified or middle click keeps the browser's meaning (a new tab or window).
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    router.push(href, 'forward');
  };
  return (
    <a href={href} className={className} data-testid={testId} onClick={follow}>
      {children}
    </a>
  );
}
