import type { TWithdrawBody } from '@fit24/contract';
import { api } from '../../../lib/api.ts';

/** POST /api/asset/withdraw, moving money once per `idempotencyKey` however often it is retried. */
export function sendWithdrawal(body: TWithdrawBody, idempotencyKey: string) {
  return api.call('asset.withdraw', { body, idempotencyKey });
}
