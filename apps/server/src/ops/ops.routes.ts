import { toEpochSeconds } from '../clock.ts';
import { AppError } from '../http/app-error.ts';
import { defineHandlers } from '../http/contract-routes.ts';
import * as outbox from '../modules/messaging/outbox.repository.ts';
import { runAudit } from './audit.ts';

/** The outbox and the clock exist for development and tests; production answers as if they did not. */
function refuseInProduction(production: boolean, what: string): void {
  if (production) throw new AppError('NOT_FOUND', `${what} is not available in production.`);
}

export const opsHandlers = defineHandlers({
  'ops.outbox': async (ctx, { query }) => {
    refuseInProduction(ctx.config.nodeEnv === 'production', 'The outbox');
    const rows = await outbox.list(ctx.db, query.to?.toLowerCase());
    return {
      messages: rows.map((row) => ({
        message_id: Number(row.message_id),
        channel: row.channel,
        to: row.recipient,
        subject: row.subject,
        text: row.body,
        otp: row.otp,
        creation_date: toEpochSeconds(row.created_at),
      })),
    };
  },
  'ops.clock': (ctx, { body }) => {
    refuseInProduction(ctx.config.nodeEnv === 'production', 'The test clock');
    if (!ctx.config.testClock)
      throw new AppError('NOT_FOUND', 'The test clock is off (start with TEST_CLOCK=1).');
    ctx.clock.advance(body.advance_seconds);
    ctx.log.warn({ offset_seconds: ctx.clock.offsetSeconds() }, 'test clock moved');
    return { now: ctx.clock.nowSeconds(), offset_seconds: ctx.clock.offsetSeconds() };
  },
  'ops.audit': async (ctx) => {
    const audit = await runAudit(ctx);
    ctx.note.after = { ok: audit.ok, failed: audit.checks.filter((c) => !c.ok).map((c) => c.name) };
    return audit;
  },
});
