import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APP_VERSION_CODE } from '@fit24/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../app.ts';
import { createClock } from '../clock.ts';
import type { AppConfig } from '../config.ts';
import { defaultAffiliateConfig } from '../config-affiliate.ts';
import { Secret } from '../config-evm.ts';
import { generateVapidKeys } from '../config-push.ts';
import type { DatabaseTarget } from '../db/database.ts';
import type { Custody } from '../modules/custody/custody.ts';
import type { TradingContext } from '../trading/context.ts';
import { createOperator, type TestOperator } from './operators.ts';

export const TEST_API_KEY = 'test-api-key-0123456789';
export const TEST_OPS_KEY = 'test-ops-key-0123456789';

export interface DatabaseUnderTest {
  name: 'pglite' | 'postgres';
  target(): DatabaseTarget;
}

/**
 * The databases every server test runs against: PGlite in memory always, and PostgreSQL too when
 * `TEST_DATABASE_URL` is set (CI), each test app in a schema of its own that is dropped afterwards.
 */
export function databasesUnderTest(): DatabaseUnderTest[] {
  const list: DatabaseUnderTest[] = [{ name: 'pglite', target: () => ({ kind: 'pglite' }) }];
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    list.push({
      name: 'postgres',
      target: () => ({
        kind: 'postgres',
        url,
        schema: `test_${randomBytes(6).toString('hex')}`,
        dropSchemaOnClose: true,
      }),
    });
  }
  return list;
}

/** A fresh VAPID key pair per test app, as a development server makes one. */
function testVapid(): AppConfig['vapid'] {
  const keys = generateVapidKeys();
  return {
    publicKey: keys.publicKey,
    privateKey: new Secret(keys.privateKey),
    subject: 'mailto:test@example.com',
  };
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    nodeEnv: 'test',
    port: 0,
    host: '127.0.0.1',
    dataDir: mkdtempSync(join(tmpdir(), 'fit24-test-')),
    database: { kind: 'pglite' },
    apiKeys: [TEST_API_KEY],
    opsKey: TEST_OPS_KEY,
    smtpUrl: null,
    mailFrom: 'FIT24 Exchange <no-reply@example.com>',
    demo: false,
    testClock: true,
    withdrawAutoApprove: {},
    devnetBlockSeconds: 0,
    evm: null,
    affiliate: defaultAffiliateConfig,
    rewardsScheduler: false,
    reservesSnapshotSeconds: 0,
    logLevel: 'silent',
    logFormat: 'json',
    webDist: null,
    publicUrl: 'http://localhost:8080',
    trustProxy: false,
    secretsKey: Buffer.alloc(32, 7),
    smsUrl: null,
    smsFrom: 'FIT24',
    withdrawLimitsUsd: { UNVERIFIED: '1000', VERIFIED: '100000' },
    addressDelaySeconds: 86_400,
    cooldownSeconds: 86_400,
    fourEyesUsd: '10000',
    appVersion: { minCode: APP_VERSION_CODE, iosStoreUrl: null, androidStoreUrl: null },
    vapid: testVapid(),
    nativePush: { fcm: null, apns: null },
    personalKeys: { recvWindowMs: 5000, perSecond: 10, perMinute: 600 },
    ...overrides,
  };
}

export interface TestApp {
  app: FastifyInstance;
  ctx: TradingContext;
  /** The EVM custody loop (tests with an EVM node drive it with `tick()`). */
  custody: Custody | null;
  /** A call to `/api` with the API key, and the bearer token when given. */
  api(
    method: 'GET' | 'POST',
    url: string,
    options?: {
      token?: string;
      body?: unknown;
      headers?: Record<string, string>;
      payload?: string;
      /** The caller's address (default 127.0.0.1): tests of per-address limits give each their own. */
      ip?: string;
    },
  ): Promise<{ status: number; body: TestEnvelope }>;
  /** A call to `/ops` as the test's admin operator (a machine token of theirs). */
  ops(method: 'GET' | 'POST', url: string, body?: unknown): Promise<{ status: number; body: TestEnvelope }>;
  /** A call to `/ops` as another operator (their token), or with the operator key (`{ opsKey: true }`). */
  opsAs(
    caller: { token: string } | { opsKey: true },
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
  ): Promise<{ status: number; body: TestEnvelope }>;
  /** The admin operator `ops` calls as. */
  admin: TestOperator;
  close(): Promise<void>;
}

export type TestEnvelope = {
  error: boolean;
  code?: number;
  message?: string;
  fields?: Record<string, string>;
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers of every shape
  data?: any;
};

export async function createTestApp(
  database: DatabaseUnderTest,
  overrides: Partial<AppConfig> = {},
): Promise<TestApp> {
  const config = testConfig(overrides);
  const { app, ctx, custody } = await buildApp(config, {
    database: database.target(),
    clock: createClock(),
    logger: false,
  });
  const send = async (options: InjectOptions) => {
    const response = await app.inject(options);
    return { status: response.statusCode, body: response.json() as TestEnvelope };
  };
  const admin = await createOperator(ctx, 'admin');
  const opsAs: TestApp['opsAs'] = (caller, method, url, body) =>
    send({
      method,
      url,
      headers:
        'token' in caller ? { authorization: `Bearer ${caller.token}` } : { 'x-ops-key': TEST_OPS_KEY },
      ...(body !== undefined ? { payload: body as object } : {}),
    });
  return {
    app,
    ctx,
    custody,
    api(method, url, options = {}) {
      const headers: Record<string, string> = { 'x-api-key': TEST_API_KEY, ...options.headers };
      if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
      return send({
        method,
        url,
        headers,
        ...(options.ip !== undefined ? { remoteAddress: options.ip } : {}),
        ...(options.payload !== undefined ? { payload: options.payload } : {}),
        ...(options.body !== undefined ? { payload: options.body as object } : {}),
      });
    },
    admin,
    ops(method, url, body) {
      return opsAs({ token: admin.token }, method, url, body);
    },
    opsAs,
    async close() {
      await app.close();
      // Its own data directory only: a directory given in `overrides` belongs to the caller.
      if (overrides.dataDir === undefined) rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}
