import type { AppContext } from '../../context.ts';
import * as apiKeys from '../api-keys/api-keys.service.ts';
import * as attempts from './attempts.ts';
import * as tokens from './auth-tokens.repository.ts';

const EVERY_MS = 10 * 60_000;

/**
 * Forgets what has ended: attempt windows long past and one-time tokens a day after they expired,
 * personal keys' used signatures once their timestamps are out of the window. Each
 * email and address ever tried leaves a row, so without this the tables only grow.
 */
export function startSecurityJanitor(ctx: AppContext): { stop(): void } {
  const sweep = async () => {
    const now = ctx.clock.now();
    try {
      await attempts.prune(ctx.db, now);
      await tokens.prune(ctx.db, now);
      await apiKeys.prune(ctx, now);
    } catch (error) {
      ctx.log.warn({ err: error }, 'security janitor could not sweep');
    }
  };
  const timer = setInterval(() => void sweep(), EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
