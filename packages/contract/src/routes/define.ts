import { z } from 'zod';
import { ZQueryId } from '../common.ts';
import type { Permission } from '../operators.ts';

/**
 * Who may make a call:
 * - `public`: the API key only;
 * - `session`: a valid bearer token, even with an unverified email (verify, resend, account, …);
 * - `user`: a valid bearer token of a user whose email is verified;
 * - `ops`: a signed-in operator (a session, or a machine token of one) whose role has the route's
 *   `permission` (`self`: any operator, for their own session and tokens), under `/ops`;
 * - `ops-open`: an operator signing in (no caller yet; attempt-limited);
 * - `ops-bootstrap`: the operator key (`x-ops-key`) while no admin exists, else an operator who may manage
 *   operators: it creates the first admin.
 */
export type Auth = 'public' | 'session' | 'user' | 'ops' | 'ops-open' | 'ops-bootstrap';

export interface RouteDef {
  method: 'GET' | 'POST';
  path: string;
  auth: Auth;
  /** True for the 61 calls the specification lists (spec §7). */
  spec: boolean;
  tag: string;
  summary: string;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Multipart upload instead of a JSON body. */
  multipart?: boolean;
  /** The `data` of a successful answer. */
  data: z.ZodType;
  /** Accepts an `Idempotency-Key` header (calls that move money). */
  idempotent?: boolean;
  /** What an operator's role must allow to make an `ops` call. */
  permission?: Permission | 'self';
}

export function route<const R extends RouteDef>(def: R): R {
  return def;
}

export const q = <S extends z.ZodRawShape>(shape: S) => z.object(shape).strict();
export const assetQuery = q({ asset_id: ZQueryId });
export const marketQuery = q({ market_id: ZQueryId });
