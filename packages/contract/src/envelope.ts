import { z } from 'zod';

/** Success: `{"error": false, "data": {...}}`. */
export interface OkEnvelope<T> {
  error: false;
  data: T;
}

/**
 * Failure: code, a sentence a user can act on, `fields` for validation errors, `data.retry_after` on 429,
 * `data.until` (epoch seconds) when a rule refuses until a known time (a cool-down, a frozen limit).
 */
export interface ErrorEnvelope {
  error: true;
  code: number;
  message: string;
  fields?: Record<string, string>;
  data?: { retry_after?: number; until?: number };
}

export type Envelope<T> = OkEnvelope<T> | ErrorEnvelope;

export const ZErrorEnvelope = z.object({
  error: z.literal(true),
  code: z.number().int(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  data: z.object({ retry_after: z.number().int().optional(), until: z.number().int().optional() }).optional(),
});

export function okEnvelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ error: z.literal(false), data });
}

export function isErrorEnvelope(value: unknown): value is ErrorEnvelope {
  return typeof value === 'object' && value !== null && (value as { error?: unknown }).error === true;
}
