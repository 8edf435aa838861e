import { defineHandlers } from '../../http/contract-routes.ts';
import * as repo from './operators.repository.ts';
import * as operators from './operators.service.ts';
import * as trail from './trail.ts';

export const operatorHandlers = defineHandlers({
  'ops.signin': (ctx, { body }) => operators.signin(ctx, body.email, body.password, ctx.request.ip),
  'ops.signinTotp': async (ctx, { body }) => {
    const session = await operators.signinTotp(ctx, body.challenge, body.code, ctx.request.ip);
    ctx.note.target = `operator:${session.operator.email}`;
    return session;
  },
  'ops.signout': async (ctx) => {
    await operators.signout(ctx, ctx.operator);
    return {};
  },
  'ops.me': async (ctx) => {
    const row = (await repo.findById(ctx.db, ctx.operator.operatorId))!;
    return { operator: operators.operatorRowToOperator(row), permissions: operators.permissionsOf(row.role) };
  },
  'ops.tokenCreate': (ctx, { body }) => operators.createToken(ctx, ctx.operator, body.name),
  'ops.operators': async (ctx) => ({
    operators: (await repo.list(ctx.db)).map(operators.operatorRowToOperator),
  }),
  'ops.operatorCreate': async (ctx, { body }) => {
    const created = await operators.create(ctx, ctx.operator, body);
    ctx.note.after = created.operator;
    return created;
  },
  'ops.operatorUpdate': async (ctx, { body }) => {
    const { before, after } = await operators.update(ctx, ctx.operator, body);
    Object.assign(ctx.note, { before, after });
    return { operator: after };
  },
  'ops.trail': (ctx, { query }) => trail.page(ctx, query),
});
