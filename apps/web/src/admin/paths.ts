/** Where the console lives in the web app. */
export const ADMIN_HOME = '/admin';
export const ADMIN_SIGNIN = '/admin/signin';

export const adminPath = {
  user: (userId: number) => `/admin/user?user_id=${userId}`,
  kyc: (status: string) => `/admin/kyc?status=${encodeURIComponent(status)}`,
  withdrawals: (status: string) => `/admin/withdrawals?status=${encodeURIComponent(status)}`,
};

/**
 * The page to return to after signing in (`?next=`): a console path only, never the sign-in itself nor
 * another site (`//evil.example` is not a path of ours).
 */
export function safeNext(next: string | null): string | null {
  if (!next || !/^\/admin(\/[A-Za-z0-9_/-]*)?(\?[^#]*)?$/.test(next)) return null;
  return next.startsWith(ADMIN_SIGNIN) ? null : next;
}
