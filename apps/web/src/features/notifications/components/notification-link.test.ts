import { describe, expect, it } from 'vitest';
import { notificationHref } from './notification-link.ts';

describe('notificationHref', () => {
  it("opens the app's own pages only", () => {
    expect(notificationHref({ link: '/funds/transaction?id=7' })).toBe('/funds/transaction?id=7');
    expect(notificationHref({ link: '/trade?market_id=1' })).toBe('/trade?market_id=1');
    for (const link of [null, '', 'https://evil.example/x', '//evil.example/x', '/\\evil.example', 'kyc']) {
      expect(notificationHref({ link }), String(link)).toBeNull();
    }
  });
});
