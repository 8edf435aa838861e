import { describe, expect, it } from 'vitest';
import { NOTIFICATIONS_PATH, safePath } from './app-path.ts';

describe("a notification's page", () => {
  it('opens a path of the app as given', () => {
    expect(safePath('/trade?market_id=1')).toBe('/trade?market_id=1');
    expect(safePath('/wallet/transactions/42')).toBe('/wallet/transactions/42');
  });

  it('never leaves the app: other sites, protocol-relative hosts, backslashes and non-strings open notifications', () => {
    for (const url of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      '',
      7,
      null,
    ]) {
      expect(safePath(url)).toBe(NOTIFICATIONS_PATH);
    }
  });
});
