import { ApiError } from '../../lib/api-client.ts';

/** What went wrong, in the server's words when it answered (its `message`), else a plain sentence. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}
