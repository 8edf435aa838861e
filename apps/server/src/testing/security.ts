import { codeAt } from '../modules/security/totp.ts';
import type { TestApp } from './test-app.ts';

/**
 * Turns a user's authenticator app on through the API, as the security screen does, and moves the clock
 * past the 30-second step it used (a code is accepted once): the next `codeAt(secret, now)` is fresh.
 */
export async function enableTotp(
  t: TestApp,
  user: { token: string },
): Promise<{ secret: string; recovery: string[] }> {
  const setup = await t.api('POST', '/api/security/totp/setup', { token: user.token });
  if (setup.status !== 200) throw new Error(`TOTP setup failed: ${JSON.stringify(setup.body)}`);
  const secret = setup.body.data.secret as string;
  const enabled = await t.api('POST', '/api/security/totp/enable', {
    token: user.token,
    body: { code: codeAt(secret, t.ctx.clock.nowSeconds()) },
  });
  if (enabled.status !== 200) throw new Error(`TOTP enable failed: ${JSON.stringify(enabled.body)}`);
  t.ctx.clock.advance(30);
  return { secret, recovery: enabled.body.data.recovery_codes as string[] };
}

/** How many notifications of a user carry this title. */
export async function notificationsTitled(t: TestApp, userId: number, title: string): Promise<number> {
  const rows = await t.ctx.db
    .selectFrom('notifications')
    .select('title')
    .where('user_id', '=', BigInt(userId))
    .where('title', '=', title)
    .execute();
  return rows.length;
}
