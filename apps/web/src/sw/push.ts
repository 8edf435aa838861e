// Web push in the service worker (imported by sw.ts): shows what the server sends, and opens its page
// when the notification is tapped. The payload is the server's `TPushPayload` (packages/contract).

import { NOTIFICATIONS_PATH, safePath } from '../lib/app-path.ts';

declare const self: ServiceWorkerGlobalScope;

/** What a push carries, as this worker reads it: anything else is shown as a generic notice. */
export interface PushPayload {
  title: string;
  body: string;
  /** A path of this app to open on a tap. */
  url: string;
  /** One notification per tag: a newer push with the same tag replaces the older one. */
  tag: string;
}

const FALLBACK: PushPayload = {
  title: 'FIT24 Exchange',
  body: 'You have a new notification.',
  url: NOTIFICATIONS_PATH,
  tag: 'fit24',
};

function text(value: unknown, fallback: string, max: number): string {
  return typeof value === 'string' && value.trim() !== '' ? value.slice(0, max) : fallback;
}

/** Reads a push's JSON; a push with no data or unreadable data still shows something. */
export function readPayload(data: { json(): unknown } | null): PushPayload {
  let raw: Record<string, unknown> = {};
  try {
    const parsed = data?.json();
    if (parsed && typeof parsed === 'object') raw = parsed as Record<string, unknown>;
  } catch {
    // Not JSON: the generic notice below.
  }
  return {
    title: text(raw.title, FALLBACK.title, 120),
    body: text(raw.body, FALLBACK.body, 500),
    url: safePath(raw.url),
    tag: text(raw.tag, FALLBACK.tag, 64),
  };
}

self.addEventListener('push', (event: PushEvent) => {
  const payload = readPayload(event.data);
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.tag,
      icon: '/favicon.svg',
      badge: '/favicon.svg',
      data: { url: payload.url },
    }),
  );
});

/** Focuses a window of the app already open (navigated to the page), or opens one. */
async function openPage(path: string): Promise<void> {
  const target = new URL(path, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
  if (open) {
    const focused = await open.focus();
    if (focused.url === target) return;
    // navigate() works only on a window this worker controls; otherwise a new window shows the page.
    const moved = await focused.navigate(target).catch(() => null);
    if (moved) return;
  }
  await self.clients.openWindow(target);
}

self.addEventListener('notificationclick', (event: NotificationEvent) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  event.waitUntil(openPage(safePath(data?.url)));
});
