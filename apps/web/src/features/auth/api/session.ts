import type { TSessionData, TUser } from '@fit24/contract';
import { useIonRouter } from '@ionic/react';
import { useCallback } from 'react';
import { HOME_PATH, VERIFY_PATH } from '../../../lib/paths.ts';
import { saveSession, updateSessionUser } from '../../../lib/session.ts';

/** Where a signed-in user belongs: the app once the email is verified, else the verify screen. */
export function landingFor(user: Pick<TUser, 'is_email_verified'>): string {
  return user.is_email_verified === 1 ? HOME_PATH : VERIFY_PATH;
}

/**
 * Keeps a new session and opens `to` as a new stack. The store changes and the navigation start in the
 * same tick, so the visitor-only page being left never sees the session and redirects on its own.
 */
export function useEnterApp() {
  const router = useIonRouter();
  return useCallback(
    async (session: TSessionData, to: string = landingFor(session.user)) => {
      const saving = saveSession(session);
      router.push(to, 'root', 'replace');
      await saving;
    },
    [router],
  );
}

/** After a verification: keeps the new user in the session, and enters the app once the email is verified. */
export function useVerifiedUser() {
  const router = useIonRouter();
  return useCallback(
    async (user: TUser) => {
      const saving = updateSessionUser(user);
      if (user.is_email_verified === 1) router.push(HOME_PATH, 'root', 'replace');
      await saving;
    },
    [router],
  );
}
