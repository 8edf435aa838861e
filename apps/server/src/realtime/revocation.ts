import { errorCatalogue, SESSION_ENDED_CLOSE_CODE } from '@fit24/contract';
import type { AppContext } from '../context.ts';
import * as apiKeysRepo from '../modules/api-keys/api-keys.repository.ts';
import * as sessionsRepo from '../modules/auth/sessions.repository.ts';
import type { Client, Hub } from './hub.ts';

const { code, message } = errorCatalogue.SESSION_INVALID;
const KEY_ENDED = {
  code: 401,
  message: 'This API key was revoked or has expired, or its account is frozen.',
};

/**
 * Closes the sockets whose session ended, whichever process revoked it: each revocation heard
 * (`ctx.sessions.onEnded`, at its commit) checks the sessions of that user's sockets here against the
 * database. Answers the function that stops.
 */
export function closeEndedSessions(ctx: AppContext, hub: Hub): () => void {
  return ctx.sessions.onEnded((userId) => {
    checkSessions(ctx, hub, userId).catch((error: unknown) =>
      ctx.log.error({ err: error }, 'closing ended sessions failed'),
    );
  });
}

/**
 * Ends the sockets of `userId` (of everyone: null) whose session is no longer live: one message on
 * channel `auth` with code 502, then close code `SESSION_ENDED_CLOSE_CODE`. Sockets opened with a
 * personal key end the same way when the key no longer works (revoked, expired, its user frozen), with
 * code 401 as a signed request would get.
 */
export async function checkSessions(ctx: AppContext, hub: Hub, userId: bigint | null): Promise<void> {
  const clients = hub.signedIn(userId);
  const held = clients.flatMap((client) =>
    client.sessionId !== null ? [[client, client.sessionId] as const] : [],
  );
  const keyed = clients.flatMap((client) =>
    client.apiKey !== null ? [[client, client.apiKey.apiKeyId] as const] : [],
  );
  if (held.length === 0 && keyed.length === 0) return;
  const now = ctx.clock.now();
  const live = new Set(await sessionsRepo.liveIds(ctx.db, [...new Set(held.map(([, id]) => id))], now));
  const liveKeys = new Set(await apiKeysRepo.liveIds(ctx.db, [...new Set(keyed.map(([, id]) => id))], now));
  // A socket that authed again meanwhile holds another session: it is not this check's to judge.
  for (const [client, sessionId] of held) {
    if (client.sessionId === sessionId && !live.has(sessionId)) endSocket(hub, client, { code, message });
  }
  for (const [client, apiKeyId] of keyed) {
    if (client.apiKey?.apiKeyId === apiKeyId && !liveKeys.has(apiKeyId)) endSocket(hub, client, KEY_ENDED);
  }
}

function endSocket(hub: Hub, client: Client, data: { code: number; message: string }): void {
  hub.send(client, { channel: 'auth', type: 'update', data });
  hub.remove(client);
  client.userId = null;
  client.sessionId = null;
  client.apiKey = null;
  client.subscriptions.clear();
  const reason = data === KEY_ENDED ? 'The API key no longer works.' : 'The session has ended.';
  client.socket.close(SESSION_ENDED_CLOSE_CODE, reason);
}
