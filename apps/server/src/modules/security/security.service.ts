import type { TSecurity } from '@fit24/contract';
import { toEpochSeconds } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import * as usersRepo from '../account/users.repository.ts';
import * as passkeysRepo from './passkeys.repository.ts';
import { passkeyRowToPasskey } from './passkeys.service.ts';
import * as repo from './two-factor.repository.ts';

/** Everything the security screen shows, read in one place. */
export async function overview(ctx: AppContext, userId: bigint): Promise<TSecurity> {
  const user = await usersRepo.findById(ctx.db, userId);
  if (!user) throw new AppError('SESSION_INVALID');
  const now = ctx.clock.now();
  const passkeys = await passkeysRepo.listOf(ctx.db, userId);
  const totpOn = user.totp_secret !== null;
  const whitelistOffDate =
    user.whitelist_off_at === null
      ? null
      : toEpochSeconds(user.whitelist_off_at) + ctx.config.addressDelaySeconds;
  const cooling = user.cooldown_until !== null && user.cooldown_until > now;
  return {
    two_factor_enabled: totpOn || passkeys.length > 0 ? 1 : 0,
    totp_enabled: totpOn ? 1 : 0,
    recovery_codes_left: await repo.recoveryCodesLeft(ctx.db, userId),
    passkeys: passkeys.map(passkeyRowToPasskey),
    whitelist_only: user.whitelist_only ? 1 : 0,
    whitelist_off_date:
      whitelistOffDate !== null && whitelistOffDate > toEpochSeconds(now) ? whitelistOffDate : null,
    anti_phishing_phrase: user.anti_phishing_phrase,
    cooldown_until: cooling ? toEpochSeconds(user.cooldown_until!) : null,
    cooldown_reason: cooling ? user.cooldown_reason : null,
    frozen: user.frozen_at !== null ? 1 : 0,
    address_delay_seconds: ctx.config.addressDelaySeconds,
    cooldown_seconds: ctx.config.cooldownSeconds,
  };
}
