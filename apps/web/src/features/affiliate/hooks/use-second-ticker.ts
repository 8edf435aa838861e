import { useIonViewDidLeave, useIonViewWillEnter } from '@ionic/react';
import { useEffect, useState } from 'react';
import { nowSeconds } from '../lib/stake-math.ts';

/**
 * "Now" in epoch seconds, refreshed every second (spec §9: countdown tick 1 s) by ONE interval for the
 * whole screen, and only while it is needed (`running`) and the page is shown: it stops when the page is
 * left (Ionic keeps it mounted underneath) and restarts when it is entered again.
 */
export function useSecondTicker(running: boolean, clock: () => number = nowSeconds): number {
  const [now, setNow] = useState(clock);
  const [shown, setShown] = useState(true);
  useIonViewWillEnter(() => {
    setShown(true);
    setNow(clock());
  });
  useIonViewDidLeave(() => setShown(false));
  useEffect(() => {
    if (!running || !shown) return;
    setNow(clock());
    const timer = setInterval(() => setNow(clock()), 1000);
    return () => clearInterval(timer);
  }, [running, shown, clock]);
  return now;
}
