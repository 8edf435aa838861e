import { type ErrorName, errorCatalogue } from '@fit24/contract';

/**
 * A failure a caller can act on. Services throw it; the one error handler turns it into the envelope.
 * The message defaults to the catalogue's; give a more precise one wherever the caller can use it.
 */
export class AppError extends Error {
  readonly code: number;
  readonly status: number;

  constructor(
    readonly errorName: ErrorName,
    message?: string,
    readonly fields?: Record<string, string>,
    readonly retryAfter?: number,
    /** Epoch seconds until which a rule refuses (a cool-down); sent as `data.until`. */
    readonly until?: number,
  ) {
    super(message ?? errorCatalogue[errorName].message);
    this.code = errorCatalogue[errorName].code;
    this.status = errorCatalogue[errorName].status;
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError('BAD_REQUEST', message, fields);
export const notFound = (message: string) => new AppError('NOT_FOUND', message);
export const forbidden = (message: string) => new AppError('FORBIDDEN', message);
export const sessionInvalid = () => new AppError('SESSION_INVALID');
