import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import * as sessions from '../auth/sessions.service.ts';
import type { Message } from '../messaging/messaging.ts';
import { notify } from '../notifications/notifications.service.ts';

export interface SigninOrigin {
  ip: string;
  device: string | null;
}

/**
 * Inside the transaction that opens a session, before it is inserted: a sign-in from a device not seen
 * before earns a notification. Returns the email to send after the commit, if any.
 */
export async function newSigninAlert(
  _ctx: AppContext,
  trx: Database,
  user: UserRow,
  origin: SigninOrigin,
  now: Date,
): Promise<Message | null> {
  if (await sessions.hasUsedDevice(trx, user.user_id, origin.device)) return null;
  await notify(trx, user.user_id, {
    type: 'NEW_DEVICE_SIGNIN',
    title: 'New sign-in',
    body: `Your account was signed in from a new device (${origin.device ?? 'unknown device'}, ${origin.ip}). If this was not you, reset your password.`,
    now,
  });
  return null;
}
