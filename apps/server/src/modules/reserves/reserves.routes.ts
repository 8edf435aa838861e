import { defineHandlers } from '../../http/contract-routes.ts';
import { listSnapshots, proofFor, takeSnapshot } from './reserves.service.ts';

export const reservesHandlers = defineHandlers({
  'reserves.list': async (ctx) => ({ snapshots: await listSnapshots(ctx.db) }),
  'reserves.proof': async (ctx, { query }) => ({
    proof: await proofFor(ctx.db, ctx.auth.userId, BigInt(query.snapshot_id)),
  }),
  'ops.reservesSnapshot': async (ctx) => {
    const snapshot = (await takeSnapshot(ctx, { operatorId: ctx.operator.operatorId }))!;
    ctx.note.target = `reserves-snapshot:${snapshot.id}`;
    ctx.note.after = {
      root: snapshot.root.hash,
      users: snapshot.user_count,
      ledger_point: snapshot.ledger_point,
    };
    return { snapshot };
  },
});
