import { isIP } from 'node:net';
import type { TPushSubscribeBody, TPushSubscriptionData, TPushUnsubscribeBody } from '@fit24/contract';
import { toEpochSeconds } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import { badRequest, notFound } from '../../http/app-error.ts';
import * as usersRepo from '../account/users.repository.ts';
import * as pushRepo from './push.repository.ts';

/** Devices an account keeps push on; subscribing one more drops the least recently subscribed. */
export const MAX_PUSH_DEVICES = 20;

/**
 * A browser's push service: https in production, and never a bare address or localhost there (the
 * server posts to it, so it must not be pointed inside our network); any http(s) URL in development,
 * where tests and a local push service run on 127.0.0.1.
 */
export function checkEndpoint(endpoint: string, production: boolean): void {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw badRequest('The push endpoint is not a URL.', { endpoint: 'must be a URL' });
  }
  const allowed = production ? ['https:'] : ['https:', 'http:'];
  if (!allowed.includes(url.protocol)) {
    throw badRequest('The push endpoint must be an https URL.', {
      endpoint: `must be ${production ? 'an https' : 'an http(s)'} URL`,
    });
  }
  if (url.username || url.password) {
    throw badRequest('The push endpoint must not carry credentials.', {
      endpoint: 'must not carry credentials',
    });
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (production && (isIP(host) !== 0 || host === 'localhost' || !host.includes('.'))) {
    throw badRequest("The push endpoint must be a push service's address.", {
      endpoint: 'must be a push service on the internet',
    });
  }
}

function toInput(body: TPushSubscribeBody, production: boolean): pushRepo.SubscriptionInput {
  if ('endpoint' in body) {
    checkEndpoint(body.endpoint, production);
    return { kind: 'web', endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth };
  }
  return { kind: body.kind, endpoint: body.token, p256dh: null, auth: null };
}

export async function subscribe(
  ctx: AppContext,
  userId: bigint,
  body: TPushSubscribeBody,
): Promise<TPushSubscriptionData> {
  const input = toInput(body, ctx.config.nodeEnv === 'production');
  const row = await ctx.db.transaction().execute(async (trx) => {
    // The user's row lock makes upsert-then-trim one step: parallel subscribes never leave more devices.
    await usersRepo.lockById(trx, userId);
    return pushRepo.upsert(trx, userId, input, MAX_PUSH_DEVICES, ctx.clock.now());
  });
  return {
    subscription: {
      subscription_id: Number(row.subscription_id),
      kind: row.kind,
      creation_date: toEpochSeconds(row.created_at),
    },
  };
}

/** Only the caller's own subscription goes; anyone else's (or none) answers 404, the same either way. */
export async function unsubscribe(
  ctx: AppContext,
  userId: bigint,
  body: TPushUnsubscribeBody,
): Promise<void> {
  const [kind, endpoint] = 'endpoint' in body ? (['web', body.endpoint] as const) : [body.kind, body.token];
  const removed = await pushRepo.removeOfUser(ctx.db, userId, kind, endpoint);
  if (!removed) throw notFound('This device has no push subscription on your account.');
}
