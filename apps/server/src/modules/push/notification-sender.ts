import type { TLanguage, TPushPayload } from '@fit24/contract';
import webpush from 'web-push';
import type { AppContext } from '../../context.ts';
import { createApnsSender } from './apns.ts';
import { createFcmSender } from './fcm.ts';
import type { NativeSender } from './native-push.ts';
import { PUSH_TTL_SECONDS, REQUEST_TIMEOUT_MS } from './native-push.ts';
import type { DueSend } from './push.repository.ts';
import * as pushRepo from './push.repository.ts';
import { notificationTarget } from './push-target.ts';

const EVERY_MS = 500;
const BATCH = 50;
/** A claimed send is left alone this long: long enough for any send to finish or time out. */
const LEASE_SECONDS = 60;
/** Attempts before a send is given up: retried after 30 s, 1, 2, 4 and 8 minutes. */
const MAX_ATTEMPTS = 6;

type Outcome = {
  send: DueSend;
  result: 'sent' | 'gone' | 'dropped' | 'retry';
  error?: string;
  /** Already said in the log (an unconfigured vendor, named once): not a warning per push. */
  quiet?: true;
};

/** The native apps' vendors: a sender each when its credentials are configured, else null. */
interface NativeSenders {
  fcm: NativeSender | null;
  apns: NativeSender | null;
  /** Vendors already said to be unconfigured (once per process, not once per push). */
  told: Set<'fcm' | 'apns'>;
}

const VENDOR_SETTINGS = {
  fcm: 'FCM_SERVICE_ACCOUNT_FILE',
  apns: 'APNS_KEY_FILE, APNS_KEY_ID, APNS_TEAM_ID and APNS_BUNDLE_ID',
} as const;

function retryDelaySeconds(attempts: number): number {
  return 30 * 2 ** (attempts - 1);
}

/** What the service worker shows (apps/web/src/sw/push.ts); `url` is the notification's link. */
export function pushPayload(send: DueSend, url: string): TPushPayload {
  return { title: send.title, body: send.body, url, tag: `fit24-${send.notification_id}` };
}

/** One push to one browser, encrypted for it (RFC 8291) and signed with our VAPID key (RFC 8292). */
async function sendPush(ctx: AppContext, send: DueSend, url: string): Promise<Outcome> {
  const { vapid } = ctx.config;
  const request = webpush.generateRequestDetails(
    { endpoint: send.endpoint!, keys: { p256dh: send.p256dh!, auth: send.auth! } },
    JSON.stringify(pushPayload(send, url)),
    {
      vapidDetails: {
        subject: vapid.subject,
        publicKey: vapid.publicKey,
        privateKey: vapid.privateKey.reveal(),
      },
      TTL: PUSH_TTL_SECONDS,
      contentEncoding: 'aes128gcm',
      urgency: send.type === 'NEW_DEVICE_SIGNIN' ? 'high' : 'normal',
    },
  );
  const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]));
  let status: number;
  try {
    const response = await fetch(request.endpoint, {
      method: 'POST',
      headers,
      body: request.body ? new Uint8Array(request.body) : null,
      redirect: 'manual',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    status = response.status;
    await response.body?.cancel();
  } catch (error) {
    return { send, result: 'retry', error: `network: ${(error as Error).message}` };
  }
  if (status >= 200 && status < 300) return { send, result: 'sent' };
  // RFC 8030: the subscription expired or was withdrawn; it will never work again.
  if (status === 404 || status === 410) return { send, result: 'gone', error: `push service ${status}` };
  if (status === 429 || status >= 500) return { send, result: 'retry', error: `push service ${status}` };
  return { send, result: 'dropped', error: `push service ${status}` };
}

/** The lines an email adds around the notification's own text, in the user's language. */
const EMAIL_WORDS: Record<TLanguage, { open: string; why: string }> = {
  en: {
    open: 'Open it in the app:',
    why: 'You receive this email because it is turned on in Settings → Notifications.',
  },
  es: {
    open: 'Ábrelo en la app:',
    why: 'Recibes este correo porque está activado en Ajustes → Notificaciones.',
  },
};

async function sendEmail(ctx: AppContext, send: DueSend, url: string): Promise<Outcome> {
  const words = EMAIL_WORDS[send.language] ?? EMAIL_WORDS.en;
  try {
    await ctx.messenger.email.send({
      to: send.email,
      userId: send.user_id,
      otp: null,
      subject: send.title,
      text: [send.body, '', `${words.open} ${ctx.config.publicUrl}${url}`, '', words.why].join('\n'),
    });
    return { send, result: 'sent' };
  } catch (error) {
    return { send, result: 'retry', error: `email: ${(error as Error).message}` };
  }
}

/**
 * One push to an Android (FCM) or iOS (APNs) app. A vendor without credentials sends nothing: its push
 * is dropped (the device stays subscribed, for when they are configured) and the log says so once.
 */
async function sendNative(
  ctx: AppContext,
  natives: NativeSenders,
  send: DueSend,
  kind: 'fcm' | 'apns',
  url: string,
): Promise<Outcome> {
  const sender = natives[kind];
  if (!sender) {
    if (!natives.told.has(kind)) {
      natives.told.add(kind);
      ctx.log.warn(
        { kind },
        `${kind === 'fcm' ? 'FCM' : 'APNs'} is not configured (${VENDOR_SETTINGS[kind]}): pushes to ${kind === 'fcm' ? 'Android' : 'iOS'} apps are not sent`,
      );
    }
    return { send, result: 'dropped', error: `${kind} not configured`, quiet: true };
  }
  const payload = pushPayload(send, url);
  const delivery = await sender.send({
    token: send.endpoint!,
    title: payload.title,
    body: payload.body,
    data: { url: payload.url, tag: payload.tag, type: send.type },
    urgent: send.type === 'NEW_DEVICE_SIGNIN',
    tag: payload.tag,
  });
  return { send, ...delivery };
}

async function deliver(
  ctx: AppContext,
  natives: NativeSenders,
  send: DueSend,
  marketIds: ReadonlyMap<string, number>,
): Promise<Outcome> {
  const url = send.link ?? notificationTarget(send, marketIds);
  if (send.channel === 'email') return sendEmail(ctx, send, url);
  if (!send.endpoint || !send.kind) return { send, result: 'dropped', error: 'no subscription' };
  if (send.kind !== 'web') return sendNative(ctx, natives, send, send.kind, url);
  return sendPush(ctx, send, url);
}

/** Writes what each send came to: gone and sent ones leave the outbox, failed ones wait their turn. */
async function record(ctx: AppContext, outcomes: Outcome[]): Promise<void> {
  const now = ctx.clock.now();
  const finished: bigint[] = [];
  for (const { send, result, error, quiet } of outcomes) {
    if (result === 'gone') {
      await pushRepo.removeById(ctx.db, send.subscription_id!);
      continue;
    }
    if (result === 'retry' && send.attempts < MAX_ATTEMPTS) {
      const at = new Date(now.getTime() + retryDelaySeconds(send.attempts) * 1000);
      await pushRepo.retryLater(ctx.db, send.send_id, at, error ?? 'unknown');
      continue;
    }
    if (result !== 'sent') {
      ctx.log[quiet ? 'debug' : 'warn'](
        { send_id: send.send_id, channel: send.channel, error },
        'notification send given up',
      );
    }
    finished.push(send.send_id);
  }
  await pushRepo.removeSends(ctx.db, finished);
}

/** One round: claim what is due, send it all outside any transaction, record the outcomes. */
async function round(ctx: AppContext, natives: NativeSenders): Promise<number> {
  const now = ctx.clock.now();
  const due = await pushRepo.claimDue(ctx.db, now, new Date(now.getTime() + LEASE_SECONDS * 1000), BATCH);
  if (due.length === 0) return 0;
  // Only rows written before links need the market read from their text.
  const needsMarkets = due.some(
    (s) => s.link === null && (s.type === 'ORDER_FILLED' || s.type === 'PRICE_ALERT'),
  );
  const marketIds = needsMarkets ? await pushRepo.marketIdsBySymbol(ctx.db) : new Map<string, number>();
  const outcomes = await Promise.all(due.map((send) => deliver(ctx, natives, send, marketIds)));
  await record(ctx, outcomes);
  return due.length;
}

/**
 * The worker that empties `notification_sends` (filled by the notifications' trigger in the writer's
 * transaction): every half second it claims a batch, sends each push and email after the commit — never
 * inside a transaction, where a slow push service would hold PGlite's one connection — and keeps a full
 * batch going until the outbox is empty. Browsers get web push; Android and iOS apps get FCM and APNs
 * when their credentials are configured.
 */
export function startNotificationSender(ctx: AppContext): { stop(): Promise<void> } {
  const { fcm, apns } = ctx.config.nativePush;
  const natives: NativeSenders = {
    fcm: fcm ? createFcmSender(fcm, ctx.clock) : null,
    apns: apns ? createApnsSender(apns, ctx.clock) : null,
    told: new Set(),
  };
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = (async () => {
      try {
        while (!stopped && (await round(ctx, natives)) === BATCH) {
          // A full batch: more may be waiting.
        }
      } catch (error) {
        ctx.log.error({ err: error }, 'notification sender failed');
      } finally {
        running = null;
      }
    })();
  };
  const timer = setInterval(tick, EVERY_MS);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      natives.fcm?.close();
      natives.apns?.close();
    },
  };
}
