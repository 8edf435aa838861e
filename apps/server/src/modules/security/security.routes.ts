import { AppError } from '../../http/app-error.ts';
import { defineHandlers, type RequestContext, type SignedInContext } from '../../http/contract-routes.ts';
import * as usersRepo from '../account/users.repository.ts';
import { origin } from '../auth/auth.routes.ts';
import * as signin from '../auth/signin.service.ts';
import * as passkeysRepo from './passkeys.repository.ts';
import * as passkeys from './passkeys.service.ts';
import { overview } from './security.service.ts';
import * as twoFactor from './two-factor.service.ts';

/** The relying party of this request (passkeys). */
const party = (ctx: RequestContext) => passkeys.relyingParty(ctx.config, ctx.request);

async function signedInUser(ctx: SignedInContext) {
  const user = await usersRepo.findById(ctx.db, ctx.auth.userId);
  if (!user) throw new AppError('SESSION_INVALID');
  return user;
}

/** Sign-in's second step, passkey sign-in, and the second factor's own screens. */
export const securityHandlers = defineHandlers({
  'auth.signin2fa': (ctx, { body }) => signin.signinSecondStep(ctx, body, origin(ctx), party(ctx)),
  'auth.signin2faOptions': async (ctx, { body }) => ({
    options: await signin.secondStepPasskeyOptions(ctx, body.challenge, party(ctx)),
  }),
  'auth.passkeyOptions': (ctx) => signin.passkeySigninOptions(ctx, ctx.request.ip, party(ctx)),
  'auth.passkeySignin': (ctx, { body }) => signin.passkeySignin(ctx, body, origin(ctx), party(ctx)),

  'security.get': async (ctx) => ({ security: await overview(ctx, ctx.auth.userId) }),
  'security.totpSetup': (ctx) => twoFactor.setupTotp(ctx, ctx.auth.userId),
  'security.totpEnable': async (ctx, { body }) => ({
    recovery_codes: await twoFactor.enableTotp(ctx, ctx.auth.userId, body.code, ctx.request.ip),
  }),
  'security.totpDisable': async (ctx, { body }) => {
    await twoFactor.assertSecondFactor(ctx, ctx.auth.userId, body, ctx.request.ip);
    await twoFactor.disableTotp(ctx, ctx.auth.userId);
    return { security: await overview(ctx, ctx.auth.userId) };
  },
  'security.recoveryCodes': async (ctx, { body }) => {
    await twoFactor.assertSecondFactor(ctx, ctx.auth.userId, body, ctx.request.ip);
    return { recovery_codes: await twoFactor.regenerateRecoveryCodes(ctx, ctx.auth.userId) };
  },

  'security.passkeyOptions': async (ctx) => ({
    options: await passkeys.registrationOptions(ctx, await signedInUser(ctx), party(ctx)),
  }),
  'security.passkeyRegister': async (ctx, { body }) => {
    await twoFactor.assertSecondFactor(ctx, ctx.auth.userId, body, ctx.request.ip);
    const row = await passkeys.register(ctx, await signedInUser(ctx), party(ctx), body);
    return { passkey: passkeys.passkeyRowToPasskey(row) };
  },
  'security.passkeyRename': async (ctx, { body }) => {
    const row = await passkeysRepo.rename(ctx.db, ctx.auth.userId, body.passkey_id, body.name);
    if (!row) throw new AppError('NOT_FOUND', 'There is no passkey of yours with this id.');
    return { passkey: passkeys.passkeyRowToPasskey(row) };
  },
  'security.passkeyRemove': async (ctx, { body }) => {
    if (!(await passkeysRepo.findOwn(ctx.db, ctx.auth.userId, body.passkey_id))) {
      throw new AppError('NOT_FOUND', 'There is no passkey of yours with this id.');
    }
    await twoFactor.assertSecondFactor(ctx, ctx.auth.userId, body, ctx.request.ip);
    await passkeys.remove(ctx, ctx.auth.userId, body.passkey_id);
    return { security: await overview(ctx, ctx.auth.userId) };
  },
  'security.passkeyStepUpOptions': async (ctx) => ({
    options: await passkeys.assertionOptions(ctx, party(ctx), await signedInUser(ctx), async (challenge) => {
      await passkeys.newCeremony(ctx, 'PASSKEY_STEP_UP', ctx.auth.userId, challenge);
    }),
  }),
  'security.passkeyStepUp': async (ctx, { body }) => {
    const userId = ctx.auth.userId;
    await passkeys.stepUp(ctx, party(ctx), userId, body.passkey, ctx.request.ip);
    return twoFactor.issueStepUpToken(ctx, userId);
  },
});
