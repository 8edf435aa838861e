import { toEpochSeconds } from '../../clock.ts';
import { defineHandlers, type RequestContext } from '../../http/contract-routes.ts';
import * as auth from './auth.service.ts';
import * as passwords from './password.service.ts';
import * as sessions from './sessions.service.ts';
import * as signin from './signin.service.ts';

/** Where a session comes from: the address, and the device as its browser or app names itself. */
export function origin(ctx: RequestContext): auth.Origin {
  const agent = ctx.request.headers['user-agent'];
  return { ip: ctx.request.ip, device: typeof agent === 'string' ? agent.slice(0, 200) : null };
}

export const authHandlers = defineHandlers({
  'auth.register': (ctx, { body }) => auth.register(ctx, body, origin(ctx)),
  'auth.signin': (ctx, { body }) => signin.signin(ctx, body, origin(ctx)),
  'auth.signout': async (ctx) => {
    await sessions.revokeSession(ctx, ctx.auth);
    return {};
  },
  'auth.signoutAll': async (ctx) => ({
    revoked: await sessions.revokeAllSessions(ctx, ctx.db, ctx.auth.userId, ctx.clock.now()),
  }),
  'auth.sessions': async (ctx) => {
    const rows = await sessions.listSessions(ctx.db, ctx.auth.userId, ctx.clock.now());
    return {
      sessions: rows.map((row) => ({
        session_id: Number(row.session_id),
        device: row.device,
        ip: row.ip,
        creation_date: toEpochSeconds(row.created_at),
        last_seen_date: toEpochSeconds(row.last_seen_at),
        current: row.session_id === ctx.auth.sessionId ? (1 as const) : (0 as const),
      })),
    };
  },
  'auth.emailVerify': async (ctx, { body }) => ({
    user: await auth.verifyEmail(ctx, ctx.auth.userId, body.otp, ctx.request.ip),
  }),
  'auth.mobileVerify': async (ctx, { body }) => ({
    user: await auth.verifyMobile(ctx, ctx.auth.userId, body.otp, ctx.request.ip),
  }),
  'auth.emailResend': (ctx) => auth.resendEmailCode(ctx, ctx.auth.userId),
  'auth.mobileResend': (ctx) => auth.resendMobileCode(ctx, ctx.auth.userId),
  'auth.passwordOtp': async (ctx, { body }) => {
    await passwords.requestPasswordReset(ctx, body.email_id, ctx.request.ip);
    return {};
  },
  'auth.passwordReset': async (ctx, { body }) => {
    await passwords.resetPassword(ctx, body, ctx.request.ip);
    return {};
  },
  'user.txnPasswordOtp': (ctx) => passwords.requestTxnPasswordCode(ctx, ctx.auth.userId),
  'user.txnPassword': async (ctx, { body }) => {
    await passwords.setTxnPassword(ctx, ctx.auth.userId, body, ctx.request.ip);
    return {};
  },
  'user.mobileUpdate': async (ctx, { body }) => {
    await auth.updateMobile(ctx, ctx.auth.userId, body.mobile);
    return {};
  },
});
