import { z } from 'zod';
import { ZQueryId } from '../common.ts';

/**
 * Who may make a call:
 * - `public`: the API key only;
 * - `session`: a valid bearer token, even with an unverified email (verify, resend, account, …);
 * - `user`: a valid bearer token of a user whose email is verified;
 * - `ops`: the operator key (`x-ops-key`), under `/ops`.
 */
export type Auth = 'public' | 'session' | 'user' | 'ops';

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
}

export function route<const R extends RouteDef>(def: R): R {
  return def;
}

export const q = <S extends z.ZodRawShape>(shape: S) => z.object(shape).strict();
export const assetQuery = q({ asset_id: ZQueryId });
export const marketQuery = q({ market_id: ZQueryId });
