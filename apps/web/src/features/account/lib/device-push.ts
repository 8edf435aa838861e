import { Capacitor } from '@capacitor/core';
import { api } from '../../../lib/api.ts';
import { ensureServiceWorker } from '../../../lib/service-worker.ts';

/**
 * Push on this device: in a browser through the service worker's PushManager and our VAPID key; in the
 * native app through @capacitor/push-notifications (an FCM token on Android, APNs on iOS). Either way
 * the server learns the device with `push.subscribe` and forgets it with `push.unsubscribe`.
 */
export type PushState =
  | { kind: 'on' }
  | { kind: 'off' }
  /** The user (or the browser's policy) refused notifications: only the browser's settings undo it. */
  | { kind: 'blocked' }
  /** Why there is no push here, as the key of its words (account:push.unsupported.<reason>). */
  | { kind: 'unsupported'; reason: 'browser' | 'noWorker' | 'failed' };

/** The native device gave no push token in time (people read account:push.noToken instead). */
export class NoPushTokenError extends Error {
  constructor() {
    super('no push token from the device in time');
    this.name = 'NoPushTokenError';
  }
}

export interface DevicePush {
  state(): Promise<PushState>;
  enable(): Promise<PushState>;
  disable(): Promise<PushState>;
  /** Tells the server again about a device already on (it may have been another account's before). */
  resync(): Promise<void>;
}

/** The VAPID key as PushManager wants it. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const current = subscription.options.applicationServerKey;
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((b, i) => b === key[i]);
}

async function sendSubscription(subscription: PushSubscription): Promise<void> {
  const json = subscription.toJSON();
  await api.fetchData('push.subscribe', {
    body: {
      endpoint: subscription.endpoint,
      keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    },
  });
}

/** How long to wait for the worker to become active (a first visit straight to Settings). */
const WORKER_WAIT_MS = 5_000;

async function workerRegistration(): Promise<ServiceWorkerRegistration | null> {
  const registered = await navigator.serviceWorker.getRegistration('/');
  if (registered) return registered;
  // The page registers its worker once it has settled; push is wanted now.
  if (!(await ensureServiceWorker())) return null;
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), WORKER_WAIT_MS));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

const webPush: DevicePush = {
  async state() {
    if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
      return { kind: 'unsupported', reason: 'browser' };
    }
    if (Notification.permission === 'denied') return { kind: 'blocked' };
    const registration = await workerRegistration();
    if (!registration) return { kind: 'unsupported', reason: 'noWorker' };
    const subscription = await registration.pushManager.getSubscription();
    return subscription && Notification.permission === 'granted' ? { kind: 'on' } : { kind: 'off' };
  },

  async enable() {
    const permission = await Notification.requestPermission();
    if (permission === 'denied') return { kind: 'blocked' };
    if (permission !== 'granted') return { kind: 'off' };
    const registration = await workerRegistration();
    if (!registration) return { kind: 'unsupported', reason: 'noWorker' };
    const key = base64UrlToBytes((await api.fetchData('push.key')).public_key);
    let subscription = await registration.pushManager.getSubscription();
    // A subscription made with another key (the server's pair changed) cannot carry our pushes.
    if (subscription && !sameKey(subscription, key)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: key,
    });
    await sendSubscription(subscription);
    return { kind: 'on' };
  },

  async disable() {
    const subscription = await (await workerRegistration())?.pushManager.getSubscription();
    if (subscription) {
      // The server may not know it (another account's, or already forgotten): a 404 changes nothing here.
      await api.call('push.unsubscribe', { body: { endpoint: subscription.endpoint } });
      await subscription.unsubscribe();
    }
    return { kind: 'off' };
  },

  async resync() {
    const subscription = await (await workerRegistration())?.pushManager.getSubscription();
    if (subscription && Notification.permission === 'granted') await sendSubscription(subscription);
  },
};

/** The native app's token, kept on the device to say push is on here and to remove it later. */
const NATIVE_TOKEN_KEY = 'fit24.push.token';
const REGISTRATION_TIMEOUT_MS = 20_000;

function nativeKind(): 'fcm' | 'apns' {
  return Capacitor.getPlatform() === 'ios' ? 'apns' : 'fcm';
}

async function registerForToken(): Promise<string> {
  const { PushNotifications } = await import('@capacitor/push-notifications');
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new NoPushTokenError()), REGISTRATION_TIMEOUT_MS);
    // Only this registration's listeners go afterwards: the tap listener (onNativePushTap) stays.
    const handles = [
      PushNotifications.addListener('registration', (token) => {
        done();
        resolve(token.value);
      }),
      PushNotifications.addListener('registrationError', (error) => {
        done();
        reject(new Error(error.error));
      }),
    ];
    const done = () => {
      clearTimeout(timer);
      for (const handle of handles) void handle.then((h) => h.remove());
    };
    PushNotifications.register().catch((error: unknown) => {
      done();
      reject(error instanceof Error ? error : new Error(String(error)));
    });
  });
}

const nativePush: DevicePush = {
  async state() {
    const { PushNotifications } = await import('@capacitor/push-notifications');
    const { receive } = await PushNotifications.checkPermissions();
    if (receive === 'denied') return { kind: 'blocked' };
    return receive === 'granted' && localStorage.getItem(NATIVE_TOKEN_KEY) ? { kind: 'on' } : { kind: 'off' };
  },

  async enable() {
    const { PushNotifications } = await import('@capacitor/push-notifications');
    const { receive } = await PushNotifications.requestPermissions();
    if (receive === 'denied') return { kind: 'blocked' };
    if (receive !== 'granted') return { kind: 'off' };
    const token = await registerForToken();
    await api.fetchData('push.subscribe', { body: { kind: nativeKind(), token } });
    localStorage.setItem(NATIVE_TOKEN_KEY, token);
    return { kind: 'on' };
  },

  async disable() {
    const { PushNotifications } = await import('@capacitor/push-notifications');
    const token = localStorage.getItem(NATIVE_TOKEN_KEY);
    if (token) await api.call('push.unsubscribe', { body: { kind: nativeKind(), token } });
    await PushNotifications.unregister();
    localStorage.removeItem(NATIVE_TOKEN_KEY);
    return { kind: 'off' };
  },

  async resync() {
    const token = localStorage.getItem(NATIVE_TOKEN_KEY);
    if (token) await api.fetchData('push.subscribe', { body: { kind: nativeKind(), token } });
  },
};

export function devicePush(): DevicePush {
  return Capacitor.isNativePlatform() ? nativePush : webPush;
}

/** How long signing out waits for the device's push to be turned off. */
const SIGN_OUT_WAIT_MS = 3_000;

/**
 * Before a sign-out: this device stops receiving the account's pushes, so a shared computer never shows
 * the last user's fills. Whatever happens (offline, no worker), the sign-out waits at most 3 seconds.
 */
export async function stopPushBeforeSignOut(): Promise<void> {
  const device = devicePush();
  const stop = device
    .state()
    .then((state) => (state.kind === 'on' ? device.disable() : undefined))
    .catch(() => undefined);
  await Promise.race([stop, new Promise((resolve) => setTimeout(resolve, SIGN_OUT_WAIT_MS))]);
}
