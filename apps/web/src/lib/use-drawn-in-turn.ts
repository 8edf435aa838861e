import { useEffect, useState } from 'react';

/**
 * How many of a screen's `parts` to draw, top to bottom: none until `ready`, then the first at once and one
 * more after each frame. A screen whose parts all arrive with one answer (the trade screen's header, panes,
 * form and orders come with its market) otherwise builds them in one task: on a phone that task held the
 * main thread for 100–200 ms, and a tap in it waited (issue 15: blocking time). In turn, each part is its
 * own task and its own frame, ≈ a frame apart; a part drawn below the last moves nothing already shown.
 */
export function useDrawnInTurn(parts: number, ready: boolean): number {
  const [drawn, setDrawn] = useState(1);
  useEffect(() => {
    if (!ready || drawn >= parts) return;
    // An effect runs once the frame that drew the last part is painted; the next part gets a task of its own.
    const timer = setTimeout(() => setDrawn((n) => n + 1));
    return () => clearTimeout(timer);
  }, [ready, drawn, parts]);
  return ready ? Math.min(drawn, parts) : 0;
}
