/** The answer envelope of every route (DESIGN §2); its schemas, for the server and the docs: envelope-schemas.ts. */

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

export function isErrorEnvelope(value: unknown): value is ErrorEnvelope {
  return typeof value === 'object' && value !== null && (value as { error?: unknown }).error === true;
}
