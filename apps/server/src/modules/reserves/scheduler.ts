import type { AppContext } from '../../context.ts';
import { isDue, takeSnapshot } from './reserves.service.ts';

/** How often the schedule looks whether a snapshot is due (it is when the newest is `every` old). */
const CHECK_MS = 60_000;

/**
 * Snapshots on a schedule (`RESERVES_SNAPSHOT_EVERY`): each minute, one is taken when none was in the last
 * interval. Several processes may run it: the write re-checks under a lock, so only one publishes.
 */
export function startReservesScheduler(ctx: AppContext, everySeconds: number): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  const check = async () => {
    try {
      if (!(await isDue(ctx.db, ctx.clock.now(), everySeconds))) return;
      await takeSnapshot(ctx, { schedule: { everySeconds } });
    } catch (error) {
      ctx.log.error({ err: error }, 'scheduled reserves snapshot failed');
    }
  };
  const timer = setInterval(() => {
    running = running.then(check);
  }, CHECK_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
