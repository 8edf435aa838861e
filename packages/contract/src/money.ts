import { z } from 'zod';
import { isPlainDecimal } from './base-units.ts';

// The conversions have no schema, so the screens that only show money load no zod (issue 15).
export { fromBaseUnits, isPlainDecimal, MAX_DECIMALS, toBaseUnits } from './base-units.ts';

/** A non-negative amount as sent by a client: a plain decimal string, or a number without exponent. */
export const ZAmount = z
  .union([z.string(), z.number()])
  .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
  .refine(isPlainDecimal, 'must be a positive decimal number such as 12.5');

/** Money in the API's answers: a decimal string. */
export const ZMoney = z
  .string()
  .regex(/^-?(0|[1-9][0-9]*)(\.[0-9]*[1-9])?$/, 'must be a plain decimal string');
