/**
 * Every outcome of an engine call is one of these codes; the engine never throws on a business rejection.
 * Numbers are grouped in ranges per subsystem (exchange-core's `CommandResultCode`):
 *   0        success
 *   100–199  command validation (the command is malformed or out of the engine's numeric bounds)
 *   200–299  book state (the command is well formed but does not fit the current book)
 *   300–399  recovery (`restore` refused the state it was given; the engine is left unchanged)
 * `codes.test.ts` proves that no two codes share a number and that each lies in its range.
 */
export const ResultCode = {
  OK: 0,

  INVALID_ORDER_ID: 101,
  INVALID_OWNER: 102,
  INVALID_SIDE: 103,
  INVALID_PRICE: 104,
  INVALID_AMOUNT: 105,
  INVALID_TOTAL: 106,
  INVALID_TIME_IN_FORCE: 107,
  POST_ONLY_REQUIRES_GTC: 108,
  NOTIONAL_TOO_LARGE: 109,
  UNKNOWN_COMMAND: 110,
  INVALID_TRIGGER: 111,
  INVALID_DIRECTION: 112,
  INVALID_OCO: 113,

  DUPLICATE_ORDER_ID: 201,
  UNKNOWN_ORDER: 202,
  SIDE_TOTAL_TOO_LARGE: 203,

  RESTORE_INVALID_SEQUENCE: 301,
  RESTORE_INVALID_ORDER: 302,
  RESTORE_DUPLICATE_ORDER: 303,
  RESTORE_CROSSED_BOOK: 304,
  RESTORE_SIDE_TOTAL_TOO_LARGE: 305,
  RESTORE_INVALID_STOP: 306,
} as const;

export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode];

/** Ranges per subsystem, used by the uniqueness test and by callers that route codes to HTTP errors. */
export const resultCodeRanges = {
  success: [0, 0],
  validation: [100, 199],
  book: [200, 299],
  restore: [300, 399],
} as const;

const namesByCode = new Map<number, keyof typeof ResultCode>(
  Object.entries(ResultCode).map(([name, code]) => [code, name as keyof typeof ResultCode]),
);

/** The code's name (`'UNKNOWN_ORDER'`) for logs and journals; `undefined` for a number that is no code. */
export function resultCodeName(code: number): keyof typeof ResultCode | undefined {
  return namesByCode.get(code);
}
