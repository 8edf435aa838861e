import type { CSSProperties } from 'react';
import './bone.css';

/**
 * A grey, shimmering bar in the place of a value while it loads (as Ionic's ion-skeleton-text looks, and
 * sized the same: a block 10 px high with 4 px above and below unless `style` or `className` says
 * otherwise). A plain element drawn by bone.css: each ion-skeleton-text was a component of its own (a
 * shadow root, its styles, its own render after the page's), and a list's skeleton holds 25 of them, in
 * the longest task of a screen's start on a phone (issue 15).
 */
export function Bone({ className, style }: { className?: string; style?: CSSProperties }) {
  return (
    <span className={className ? `fit24-bone ${className}` : 'fit24-bone'} style={style} aria-hidden="true" />
  );
}
