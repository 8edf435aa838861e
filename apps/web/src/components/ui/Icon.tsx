import { iconSvg } from './icon-svg.ts';
import './icon.css';

/**
 * A decorative Ionicons icon drawn inline, for the first screens: `<ion-icon>` is a web component with a
 * shadow root that waits for an IntersectionObserver and parses and checks its SVG before painting, a
 * cost every icon of home's first render paid on a phone (issue 15). The icons are the bundle's own
 * constants, never input. Sized by `font-size` and coloured by `color`, as ion-icon is.
 */
export function Icon({ icon, className }: { icon: string; className?: string }) {
  return (
    <span
      className={className ? `fit24-icon ${className}` : 'fit24-icon'}
      aria-hidden="true"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the markup is one of the bundle's own icons.
      dangerouslySetInnerHTML={{ __html: iconSvg(icon) }}
    />
  );
}
