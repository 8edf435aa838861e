import type { z } from 'zod';
import { i18n } from '../i18n/i18n.ts';
import { VALIDATION_KEYS } from './validation-messages.ts';

/** A message per form field, keyed like the body the server takes (`email_id`, `password`, …). */
export type FieldErrors = Partial<Record<string, string>>;

export type Validation<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/**
 * A validation message for people, in their language: "must be the 6-digit code" → "Must be the 6-digit
 * code" ("Debe ser el código de 6 dígitos" in Spanish). Messages the table does not know are only
 * capitalised.
 */
export function sentence(message: string): string {
  const key = VALIDATION_KEYS[message];
  if (key) return i18n.t(`validation.${key}` as 'validation.required');
  return message.charAt(0).toUpperCase() + message.slice(1);
}

/** One message per top-level field: the first issue of each, with zod's wording for absent values replaced. */
export function issuesToFieldErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : 'form';
    if (errors[key]) continue;
    const absent = issue.code === 'invalid_type' && /received undefined/.test(issue.message);
    errors[key] = sentence(absent ? 'is required' : issue.message);
  }
  return errors;
}

/** The server's `fields` with each message written as a sentence. */
export function serverFieldErrors(fields: Record<string, string> | undefined): FieldErrors {
  const errors: FieldErrors = {};
  for (const [key, message] of Object.entries(fields ?? {})) errors[key] = sentence(message);
  return errors;
}

/**
 * The form's values with blank strings removed, so an empty optional field is absent (as the server's
 * schema expects) and an empty required one reads "Is required".
 */
export function withoutBlanks<T extends Record<string, unknown>>(values: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [key, value] of Object.entries(values) as [keyof T, T[keyof T]][]) {
    if (typeof value === 'string' && value.trim() === '') continue;
    out[key] = value;
  }
  return out;
}

/** Checks a body with the contract's schema, the same one the server applies. */
export function validate<S extends z.ZodType>(schema: S, value: unknown): Validation<z.output<S>> {
  const parsed = schema.safeParse(value);
  return parsed.success
    ? { ok: true, data: parsed.data }
    : { ok: false, errors: issuesToFieldErrors(parsed.error.issues) };
}
