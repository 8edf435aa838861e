/**
 * The error catalogue (DESIGN §2). Every failure the API sends is one of these codes. The HTTP status
 * equals the code, except 502 (invalid session), which travels with HTTP 401 so that proxies never
 * mistake it for a gateway failure, and 4221 (an Idempotency-Key reused for another request), a 422
 * that a client can tell from the business rules' 422.
 */
export const errorCatalogue = {
  BAD_REQUEST: {
    code: 400,
    status: 400,
    message: 'The request is not valid.',
    howToSolve: 'Correct the fields named in `fields` and send again.',
  },
  UNAUTHORIZED: {
    code: 401,
    status: 401,
    message: 'The credentials or the code are not correct.',
    howToSolve: 'Check the email, password or one-time code and try again.',
  },
  FORBIDDEN: {
    code: 403,
    status: 403,
    message: 'You are not allowed to do this.',
    howToSolve: 'Send a valid API key; verify your email; complete KYC; use only your own resources.',
  },
  NOT_FOUND: {
    code: 404,
    status: 404,
    message: 'Nothing was found here.',
    howToSolve: 'Check the path and the ids you sent.',
  },
  CONFLICT: {
    code: 409,
    status: 409,
    message: 'This conflicts with something that already exists.',
    howToSolve: 'The record exists already; use it instead of creating it again.',
  },
  PAYLOAD_TOO_LARGE: {
    code: 413,
    status: 413,
    message: 'The request body is too large.',
    howToSolve: 'Send a smaller body or file.',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    code: 415,
    status: 415,
    message: 'The request body must be JSON.',
    howToSolve: 'Send `Content-Type: application/json` (or multipart for uploads).',
  },
  UNPROCESSABLE: {
    code: 422,
    status: 422,
    message: 'The request was understood but a business rule refused it.',
    howToSolve: 'Read the message: balance, minimum or market state decide it.',
  },
  IDEMPOTENCY_KEY_REUSED: {
    code: 4221,
    status: 422,
    message: 'This Idempotency-Key was already used for a different request.',
    howToSolve: 'Send a new Idempotency-Key for a new request; reuse a key only to retry the same one.',
  },
  TOO_MANY_REQUESTS: {
    code: 429,
    status: 429,
    message: 'Too many requests. Please wait and try again.',
    howToSolve: 'Wait `retry_after` seconds before trying again.',
  },
  INTERNAL: {
    code: 500,
    status: 500,
    message: 'Something went wrong on our side. Please try again.',
    howToSolve: 'A bug or an outage: the operator has the details in the log.',
  },
  SESSION_INVALID: {
    code: 502,
    status: 401,
    message: 'Your session has ended. Please sign in again.',
    howToSolve: 'Sign in again: the token is missing, unknown, expired or revoked.',
  },
  SERVICE_UNAVAILABLE: {
    code: 503,
    status: 503,
    message: 'The service is starting or shutting down. Please try again shortly.',
    howToSolve: 'Retry after a few seconds.',
  },
} as const satisfies Record<string, { code: number; status: number; message: string; howToSolve: string }>;

export type ErrorName = keyof typeof errorCatalogue;
export type ErrorCode = (typeof errorCatalogue)[ErrorName]['code'];

/** The code the client treats as "session invalid: sign out and clear everything" (spec §8). */
export const SESSION_INVALID_CODE = errorCatalogue.SESSION_INVALID.code;

const byCode = new Map<number, ErrorName>(
  (Object.keys(errorCatalogue) as ErrorName[]).map((name) => [errorCatalogue[name].code, name]),
);

export function errorNameForCode(code: number): ErrorName | undefined {
  return byCode.get(code);
}
