import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import * as usersRepo from '../account/users.repository.ts';
import { deliver } from '../auth/auth.service.ts';
import { links, notify } from '../notifications/notifications.service.ts';
import { securityMessages } from './security-messages.ts';
import { assertSecondFactor, type SecondFactorProof } from './two-factor.service.ts';

/**
 * Sets (or, with null, clears) the phrase every email to the user opens with (the messenger adds it:
 * messaging.ts `withAntiPhishing`). With a second factor on, it is required first: someone holding only
 * a stolen session must not be able to change what makes our emails recognisable. A
 * confirmation email follows, already showing the new phrase. (The phrase itself is shown on the
 * security screen, as the owner must be able to read it: it proves emails, it is not a secret.)
 */
export async function setAntiPhishingPhrase(
  ctx: AppContext,
  userId: bigint,
  input: SecondFactorProof & { phrase: string | null },
  ip: string,
): Promise<void> {
  await assertSecondFactor(ctx, userId, input, ip);
  const now = ctx.clock.now();
  const user = await ctx.db.transaction().execute(async (trx) => {
    const user = await usersRepo.findById(trx, userId);
    if (!user) throw new AppError('SESSION_INVALID');
    await usersRepo.update(trx, userId, { anti_phishing_phrase: input.phrase });
    await notify(trx, userId, {
      type: 'SECURITY_CHANGED',
      params: { change: input.phrase ? 'ANTI_PHISHING_SET' : 'ANTI_PHISHING_REMOVED' },
      link: links.security,
      now,
    });
    return user;
  });
  await deliver(ctx, [['email', securityMessages.antiPhishing(user.email, input.phrase)]]);
}
