import type { AppContext } from '../../context.ts';
import { mineBlocks } from './deposits.service.ts';
import { completeMined } from './withdrawal-queue.service.ts';

/** Advances the devnet chains one block every `seconds`, confirming deposits and withdrawals. */
export function startDevnetMiner(ctx: AppContext, seconds: number): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = mineBlocks(ctx, 1, completeMined)
      .catch((error: unknown) => ctx.log.error({ err: error }, 'devnet block failed'))
      .finally(() => {
        running = null;
      });
  }, seconds * 1000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
