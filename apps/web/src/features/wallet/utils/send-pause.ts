import type { TFunction } from 'i18next';
import type { Resources } from '../../../i18n/resources.ts';

type CauseKey = keyof Resources['wallet']['guard']['causes'];

/** The cool-down reasons the server records (`cooldown_reason`), as the end of "after …". */
const causes: Record<string, CauseKey> = {
  'password changed': 'passwordChanged',
  'email changed': 'emailChanged',
  'mobile number changed': 'mobileChanged',
  'authenticator app removed': 'authenticatorRemoved',
  'passkey removed': 'passkeyRemoved',
};

/** "your password change", or the server's own reason for one this list does not know yet. */
export function cooldownCause(t: TFunction<'wallet'>, reason: string | null): string {
  if (!reason) return t('guard.causes.none');
  const known = causes[reason];
  return known ? t(`guard.causes.${known}`) : t('guard.causes.unknown', { reason });
}
