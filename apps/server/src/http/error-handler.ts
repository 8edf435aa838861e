import { type ErrorEnvelope, errorCatalogue } from '@fit24/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from './app-error.ts';
import { fromDatabaseError } from './database-errors.ts';

/** Fastify's own request errors, in words a caller can act on. All of them are the caller's fault: 400. */
const fastifyMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'The request body must be JSON (Content-Type: application/json).',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body.',
  FST_ERR_CTP_INVALID_TYPE: 'The Content-Type header is not valid.',
};

export function toEnvelope(error: AppError): ErrorEnvelope {
  return {
    error: true,
    code: error.code,
    message: error.message,
    ...(error.fields ? { fields: error.fields } : {}),
    ...(error.retryAfter !== undefined || error.until !== undefined
      ? {
          data: {
            ...(error.retryAfter !== undefined ? { retry_after: error.retryAfter } : {}),
            ...(error.until !== undefined ? { until: error.until } : {}),
          },
        }
      : {}),
  };
}

/** The one place every failure becomes the envelope. A 500 never shows its internal message. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((raw: FastifyError | AppError, request, reply) => {
    const error = toAppError(raw);
    if (error.status >= 500) request.log.error({ err: raw }, 'request failed');
    else request.log.info({ code: error.code, msg: error.message }, 'request refused');
    if (error.retryAfter !== undefined) void reply.header('retry-after', String(error.retryAfter));
    return reply.status(error.status).send(toEnvelope(error));
  });
}

function toAppError(error: FastifyError | AppError): AppError {
  if (error instanceof AppError) return error;
  const database = fromDatabaseError(error);
  if (database) return database;
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return new AppError('BAD_REQUEST', 'The request body is too large.', { body: 'is too large' });
  }
  const known = fastifyMessages[error.code];
  if (known) return new AppError('BAD_REQUEST', known, { body: known });
  if (error instanceof SyntaxError || (error.statusCode !== undefined && error.statusCode === 400)) {
    return new AppError('BAD_REQUEST', 'The request body is not valid JSON.', { body: 'is not valid JSON' });
  }
  if (error.statusCode === 503) return new AppError('SERVICE_UNAVAILABLE');
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    return new AppError('BAD_REQUEST', errorCatalogue.BAD_REQUEST.message);
  }
  return new AppError('INTERNAL');
}
