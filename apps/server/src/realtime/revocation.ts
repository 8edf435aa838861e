import { errorCatalogue, SESSION_ENDED_CLOSE_CODE } from '@fit24/contract';
import type { AppContext } from '../context.ts';
import * as sessionsRepo from '../modules/auth/sessions.repository.ts';
import type { Client, Hub } from './hub.ts';

const { code, message } = errorCatalogue.SESSION_INVALID;

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
 * channel `auth` with code 502, then close code `SESSION_ENDED_CLOSE_CODE`.
 */
export async function checkSessions(ctx: AppContext, hub: Hub, userId: bigint | null): Promise<void> {
  const held = hub.signedIn(userId).map((client) => [client, client.sessionId!] as const);
  if (held.length === 0) return;
  const ids = [...new Set(held.map(([, sessionId]) => sessionId))];
  const live = new Set(await sessionsRepo.liveIds(ctx.db, ids, ctx.clock.now()));
  // A socket that authed again meanwhile holds another session: it is not this check's to judge.
  for (const [client, sessionId] of held) {
    if (client.sessionId === sessionId && !live.has(sessionId)) endSocket(hub, client);
  }
}

function endSocket(hub: Hub, client: Client): void {
  hub.send(client, { channel: 'auth', type: 'update', data: { code, message } });
  hub.remove(client);
  client.userId = null;
  client.sessionId = null;
  client.subscriptions.clear();
  client.socket.close(SESSION_ENDED_CLOSE_CODE, 'The session has ended.');
}
