import type { TTransferBody } from '@fit24/contract';
import { api } from '../../../lib/api.ts';

/** POST /api/asset/transfer, moving money once per `idempotencyKey` however often it is retried. */
export function sendTransfer(body: TTransferBody, idempotencyKey: string) {
  return api.call('asset.transfer', { body, idempotencyKey });
}
