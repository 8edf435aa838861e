import { z } from 'zod';
import { ZEpochSeconds } from './common.ts';

export const ZOutboxQuery = z.object({ to: z.string().trim().min(1).max(254).optional() }).strict();
export const ZOutboxMessage = z.object({
  message_id: z.number().int().positive(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  otp: z.string().nullable(),
  creation_date: ZEpochSeconds,
});
export type TOutboxMessage = z.infer<typeof ZOutboxMessage>;
export const ZOutboxData = z.object({ messages: z.array(ZOutboxMessage) });

export const ZClockBody = z
  .object({
    advance_seconds: z
      .number()
      .int()
      .positive()
      .max(10 * 366 * 86_400),
  })
  .strict();
export const ZClockData = z.object({ now: ZEpochSeconds, offset_seconds: z.number().int() });

export const ZAuditCheck = z.object({ name: z.string(), ok: z.boolean(), detail: z.string() });
export type TAuditCheck = z.infer<typeof ZAuditCheck>;
export const ZAuditData = z.object({ ok: z.boolean(), checks: z.array(ZAuditCheck) });
export type TAuditData = z.infer<typeof ZAuditData>;
