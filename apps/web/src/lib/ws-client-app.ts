import { api } from './api.ts';
import { readConfig } from './config.ts';
import { getSession, subscribeSession } from './session.ts';
import { isVerifiedSession } from './signed-in.ts';
import { createWsClient, type WsClient } from './ws-client.ts';
import { socketUrl } from './ws-client-parts.ts';

let client: WsClient | null = null;

/**
 * The app's one socket (DESIGN §3), made on first use: same origin `/ws` (or the API base's host) with the
 * API key, authed with the session token of a verified user (the server refuses others), re-authed or
 * restarted when the session changes. When the server ends the session (revoked elsewhere: the socket's
 * 502), the app signs out as on a REST 502 — on any screen, even one that makes no call.
 */
export function liveSocket(): WsClient {
  if (client) return client;
  const made = createWsClient({
    url: () => socketUrl(readConfig(), window.location),
    getToken: () => {
      const session = getSession();
      return isVerifiedSession(session) ? session!.token : null;
    },
    onSessionEnded: () => void api.endSession(),
  });
  subscribeSession(() => made.tokenChanged());
  window.addEventListener('offline', () => made.networkChanged(false));
  window.addEventListener('online', () => made.networkChanged(true));
  client = made;
  return made;
}
