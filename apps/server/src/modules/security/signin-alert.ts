import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import type { Message } from '../../messenger.ts';
import { links, notify } from '../notifications/notifications.service.ts';
import * as tokens from './auth-tokens.repository.ts';
import { signinHistory } from './protection.repository.ts';
import { securityMessages } from './security-messages.ts';

export interface SigninOrigin {
  ip: string;
  device: string | null;
}

/** How long the "this wasn't me" link of a new-sign-in email freezes the account. */
export const FREEZE_LINK_DAYS = 7;

/** The freeze link of an email: the app's `/freeze` page, which sends the token to `auth.freeze`. */
export function freezeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/freeze?token=${encodeURIComponent(token)}`;
}

/**
 * Inside the transaction that opens a session, before it is inserted (password, second step or
 * passkey: every way in passes here): a sign-in from a device or an IP address the user's sessions have
 * never come from earns a notification and an email with a single-use freeze link (stored hashed,
 * valid 7 days). The account's first session (sign-up) is never new. Returns the email to send after
 * the commit, if any.
 */
export async function newSigninAlert(
  ctx: AppContext,
  trx: Database,
  user: UserRow,
  origin: SigninOrigin,
  now: Date,
): Promise<Message | null> {
  const seen = await signinHistory(trx, user.user_id, origin);
  if (!seen.any || (seen.device && seen.ip)) return null;
  const what =
    !seen.device && !seen.ip ? 'a new device and IP address' : seen.ip ? 'a new device' : 'a new IP address';
  const news = !seen.device && !seen.ip ? 'DEVICE_AND_IP' : seen.ip ? 'DEVICE' : 'IP';
  const { token } = await tokens.create(trx, {
    purpose: 'FREEZE',
    userId: user.user_id,
    now,
    ttlSeconds: FREEZE_LINK_DAYS * 86_400,
    origin,
  });
  await notify(trx, user.user_id, {
    type: 'NEW_DEVICE_SIGNIN',
    params: { news, device: origin.device, ip: origin.ip, at: now },
    link: links.security,
    now,
  });
  return securityMessages.newSignin(user.email, {
    when: now,
    device: origin.device,
    ip: origin.ip,
    what,
    freezeUrl: freezeUrl(ctx.config.publicUrl, token),
    days: FREEZE_LINK_DAYS,
  });
}
