import { APP_VERSION, APP_VERSION_CODE, appVersionCode, type TVersionData } from '@fit24/contract';
import { describe, expect, it } from 'vitest';
import webPackage from '../../package.json' with { type: 'json' };
import { appPlatform, OWN_VERSION, updateRequired } from './app-version.ts';

function announced(minCode: number, storeUrl: string | null = null): TVersionData {
  const platform = { version: '2.1.0', code: 20100, min_code: minCode, store_url: storeUrl };
  return {
    version: '2.1.0',
    code: 20100,
    min_code: minCode,
    ios: { ...platform, store_url: storeUrl },
    android: { ...platform, store_url: storeUrl },
    web: { ...platform, store_url: null },
  };
}

describe('the app version check', () => {
  it('knows its own version: the contract release, the same as the web package', () => {
    expect(OWN_VERSION).toEqual({ version: APP_VERSION, code: APP_VERSION_CODE });
    expect(webPackage.version).toBe(APP_VERSION);
    expect(appVersionCode(APP_VERSION)).toBe(APP_VERSION_CODE);
  });

  it('codes versions so that they order as versions do', () => {
    expect(appVersionCode('1.0.5')).toBe(10005);
    expect(appVersionCode('1.2.0')).toBeGreaterThan(appVersionCode('1.1.99')!);
    expect(appVersionCode('2.0.0')).toBeGreaterThan(appVersionCode('1.99.99')!);
    expect(appVersionCode('1.100.0')).toBeNull();
    expect(appVersionCode('1.0')).toBeNull();
  });

  it('asks for an update only below the minimum', () => {
    expect(updateRequired(announced(10005), 'web', 10005)).toBeNull();
    expect(updateRequired(announced(10004), 'web', 10005)).toBeNull();
    expect(updateRequired(announced(10006), 'web', 10005)).toEqual({ minCode: 10006, storeUrl: null });
  });

  it('never blocks on an answer it cannot read', () => {
    expect(updateRequired({ account: { name: 'Ada' } }, 'web', 10005)).toBeNull();
    expect(updateRequired({ ...announced(20000), web: undefined }, 'web', 10005)).toBeNull();
  });

  it('sends a phone to its store page, and a browser to a reload', () => {
    const store = 'https://play.google.com/store/apps/details?id=exchange.fit24.app';
    expect(updateRequired(announced(20000, store), 'android', 10005)).toEqual({
      minCode: 20000,
      storeUrl: store,
    });
    expect(updateRequired(announced(20000, store), 'web', 10005)?.storeUrl).toBeNull();
  });

  it('runs as the web app in a browser', () => {
    expect(appPlatform()).toBe('web');
  });
});
