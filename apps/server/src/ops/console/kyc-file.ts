import type { RouteDef } from '@fit24/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { badRequest, notFound } from '../../http/app-error.ts';
import { opsCaller } from '../../http/guards.ts';
import { readStored } from '../../modules/kyc/files.service.ts';
import { operatorGuards } from '../../modules/operators/operator-guards.ts';
import * as repo from './console.repository.ts';

/** Not a JSON call, so outside the contract's table; the same operator guard and trail as every /ops call. */
const def: RouteDef & { id: string } = {
  id: 'ops.kycFile',
  method: 'GET',
  path: '/ops/kyc/file',
  auth: 'ops',
  permission: 'kyc',
  spec: false,
  tag: 'ops',
  summary: "A KYC document's bytes",
  data: z.unknown(),
};

/**
 * `GET /ops/kyc/file?file_id=`: one document of a KYC submission, to compliance operators only (the
 * `kyc` permission), never cached (`no-store`), shown inline with its own type; every view is on the trail.
 * Users never get their uploads back from the server, and no other upload is served here.
 */
export function registerKycFileRoute(app: FastifyInstance, ctx: AppContext): void {
  app.route({
    method: 'GET',
    url: def.path,
    onRequest: async (request) => {
      request.operator = await opsCaller(ctx, def, request, operatorGuards).catch(async (error: unknown) => {
        await operatorGuards.record(ctx, def, request, {}, error);
        throw error;
      });
    },
    handler: async (request, reply) => {
      const note = {};
      try {
        const raw = (request.query as Record<string, unknown>).file_id;
        if (typeof raw !== 'string' || !/^[1-9][0-9]{0,17}$/.test(raw))
          throw badRequest('file_id must be a file id.', { file_id: 'must be a whole number' });
        const file = await repo.kycFile(ctx.db, BigInt(raw));
        if (!file) throw notFound('There is no KYC document with this id.');
        const bytes = await readStored(ctx, file.stored_name);
        await operatorGuards.record(ctx, def, request, { target: `file_id:${raw}` }, null);
        return reply
          .header('content-type', file.mime)
          .header('cache-control', 'no-store')
          .header('content-disposition', 'inline')
          .send(bytes);
      } catch (error) {
        await operatorGuards.record(ctx, def, request, note, error);
        throw error;
      }
    },
  });
}
