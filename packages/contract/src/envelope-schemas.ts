import { z } from 'zod';

/** The envelope's schemas (envelope.ts has its types, which the app reads without zod). */
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
