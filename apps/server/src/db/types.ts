/**
 * One mapping of PostgreSQL types to JavaScript, the same on PGlite and on node-postgres:
 * BIGINT (money in base units, big ids) → bigint, always; NUMERIC → string (never a float).
 * DATE → 'YYYY-MM-DD' text. Timestamps stay Date on both.
 */
export const INT8_OID = 20;
export const NUMERIC_OID = 1700;
export const DATE_OID = 1082;

export const typeParsers: Record<number, (value: string) => unknown> = {
  [INT8_OID]: (value) => BigInt(value),
  [NUMERIC_OID]: (value) => value,
  // A calendar date has no time zone: keep 'YYYY-MM-DD', never a Date at local midnight.
  [DATE_OID]: (value) => value,
};
