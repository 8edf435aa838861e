import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APP_VERSION, APP_VERSION_CODE, appVersionCode } from '@fit24/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { createTestApp, databasesUnderTest, type TestApp } from '../../testing/test-app.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'fit24-version-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig({ DATA_DIR: dataDir, ...env });
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('MIN_APP_VERSION and the store pages', () => {
  it('default to this release, and no store page', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).appVersion).toEqual({
      minCode: APP_VERSION_CODE,
      iosStoreUrl: null,
      androidStoreUrl: null,
    });
    expect(appVersionCode(APP_VERSION)).toBe(APP_VERSION_CODE);
  });

  it('read a version as its code, and https store pages', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      MIN_APP_VERSION: '2.10.3',
      IOS_STORE_URL: 'https://apps.apple.com/app/id123',
      ANDROID_STORE_URL: 'https://play.google.com/store/apps/details?id=exchange.fit24.app',
    });
    expect(config.appVersion).toEqual({
      minCode: 21003,
      iosStoreUrl: 'https://apps.apple.com/app/id123',
      androidStoreUrl: 'https://play.google.com/store/apps/details?id=exchange.fit24.app',
    });
  });

  it('refuse what is not a version or not an https page, with a sentence each', () => {
    for (const bad of ['10005', '1.0', '1.100.0', 'v1.0.5', '1.0.5-beta']) {
      expect(problemsOf({ MIN_APP_VERSION: bad })).toEqual([expect.stringContaining('MIN_APP_VERSION')]);
    }
    expect(
      problemsOf({ IOS_STORE_URL: 'http://apps.apple.com/app/id1', ANDROID_STORE_URL: 'market://x' }),
    ).toEqual([expect.stringContaining('IOS_STORE_URL'), expect.stringContaining('ANDROID_STORE_URL')]);
  });
});

describe.each(databasesUnderTest())('GET /api/version on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database, {
      appVersion: { minCode: 20000, iosStoreUrl: 'https://apps.apple.com/app/id123', androidStoreUrl: null },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('announces the configured minimum on every platform, and each native store page', async () => {
    const { status, body } = await t.api('GET', '/api/version');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ version: APP_VERSION, code: APP_VERSION_CODE, min_code: 20000 });
    expect(body.data.ios).toEqual({
      version: APP_VERSION,
      code: APP_VERSION_CODE,
      min_code: 20000,
      store_url: 'https://apps.apple.com/app/id123',
    });
    expect(body.data.android).toMatchObject({ min_code: 20000, store_url: null });
    expect(body.data.web).toMatchObject({ min_code: 20000, store_url: null });
  });
});
