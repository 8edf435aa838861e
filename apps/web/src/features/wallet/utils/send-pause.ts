/** The cool-down reasons the server records (`cooldown_reason`), as the end of "after …". */
const causes: Record<string, string> = {
  'password changed': 'your password change',
  'email changed': 'your email change',
  'mobile number changed': 'your mobile number change',
  'authenticator app removed': 'your authenticator app was removed',
  'passkey removed': 'a passkey was removed',
};

/** "your password change", or the server's own reason for one this list does not know yet. */
export function cooldownCause(reason: string | null): string {
  if (!reason) return 'a security change';
  return causes[reason] ?? `a security change (${reason})`;
}
