import { afterEach, describe, expect, it, vi } from 'vitest';

// The device's push plugin and platform (only a phone has them): a stand-in that keeps the listeners.
const listeners = new Map<string, ((event: unknown) => void)[]>();
vi.mock('@capacitor/core', () => ({
  Capacitor: { isNativePlatform: () => true, getPlatform: () => 'android' },
}));
vi.mock('@capacitor/push-notifications', () => ({
  PushNotifications: {
    addListener: (name: string, fn: (event: unknown) => void) => {
      listeners.set(name, [...(listeners.get(name) ?? []), fn]);
      return Promise.resolve({
        remove: () => {
          listeners.set(
            name,
            (listeners.get(name) ?? []).filter((f) => f !== fn),
          );
          return Promise.resolve();
        },
      });
    },
  },
}));

const { onNativePushTap } = await import('./native-push-tap.ts');

function tap(url: unknown) {
  for (const fn of listeners.get('pushNotificationActionPerformed') ?? []) {
    fn({ actionId: 'tap', notification: { id: '1', data: { url } } });
  }
}

afterEach(() => listeners.clear());

describe('a tapped native push', () => {
  it('opens the page it is about, and only a page of the app', async () => {
    const opened: string[] = [];
    const stop = onNativePushTap((path) => opened.push(path));
    await vi.waitFor(() => expect(listeners.get('pushNotificationActionPerformed')).toHaveLength(1));
    tap('/trade?market_id=2');
    tap('https://evil.example/');
    expect(opened).toEqual(['/trade?market_id=2', '/notifications']);

    stop();
    await vi.waitFor(() => expect(listeners.get('pushNotificationActionPerformed')).toHaveLength(0));
    tap('/wallet');
    expect(opened).toHaveLength(2);
  });
});
