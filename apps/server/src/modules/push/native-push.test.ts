import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { deposit } from '../../testing/funds.ts';
import { type RegisteredUser, registerVerifiedUser } from '../../testing/identity.ts';
import { type NativePushServices, startNativePushServices } from '../../testing/native-push-services.ts';
import { createTestApp, databasesUnderTest, type TestApp } from '../../testing/test-app.ts';
import { fundedUser, marketIdOf, place } from '../../testing/trading.ts';

/** Waits for what the sender does after a commit (it polls its outbox twice a second). */
const eventually = (check: () => Promise<void> | void) =>
  vi.waitFor(check, { timeout: 15_000, interval: 100 });

/** A device's token as each vendor's SDK hands it to the app. */
const fcmToken = () =>
  `${randomBytes(11).toString('base64url')}:APA91b${randomBytes(90).toString('base64url')}`;
const apnsToken = () => randomBytes(32).toString('hex');

function nativeConfig(env: Record<string, string>) {
  return loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'fit24-config-')), ...env }).nativePush;
}

describe.each(databasesUnderTest())('native app push end to end on $name', (database) => {
  let t: TestApp;
  let vendors: NativePushServices;
  let btc: number;
  let seller: RegisteredUser;
  let buyer: RegisteredUser;
  beforeAll(async () => {
    vendors = await startNativePushServices(() => Date.now() + (t?.ctx.clock.offsetSeconds() ?? 0) * 1000);
    t = await createTestApp(database, { nativePush: nativeConfig(vendors.env) });
    btc = await marketIdOf(t, 'BTC/USDT');
    seller = await fundedUser(t, { BTC: '1' });
    buyer = await fundedUser(t, { USDT: '100000' });
  });
  afterAll(async () => {
    // The app first: it closes its HTTP/2 connection, which the APNs stand-in waits for.
    await t?.close();
    await vendors?.close();
  });

  const subscribe = (user: RegisteredUser, kind: 'fcm' | 'apns', token: string) =>
    t.api('POST', '/api/push/subscribe', { token: user.token, body: { kind, token } });
  const subscriptionsOf = (token: string) =>
    t.ctx.db.selectFrom('push_subscriptions').selectAll().where('endpoint', '=', token).execute();
  const outbox = () => t.ctx.db.selectFrom('notification_sends').selectAll().execute();

  it("sends a fill to the seller's Android and iPhone apps, with one access token for both and later pushes", async () => {
    const [android, iphone] = [fcmToken(), apnsToken()];
    expect((await subscribe(seller, 'fcm', android)).status).toBe(200);
    expect((await subscribe(seller, 'apns', iphone)).status).toBe(200);

    await place(t, seller, { market_id: btc, side: 'SELL', type: 'LIMIT', price: '60000', amount: '0.01' });
    await place(t, buyer, { market_id: btc, side: 'BUY', type: 'LIMIT', price: '60000', amount: '0.01' });
    await eventually(() => {
      expect(vendors.fcm.filter((p) => p.token === android)).toHaveLength(1);
      expect(vendors.apns.filter((p) => p.token === iphone)).toHaveLength(1);
    });
    expect(vendors.refused).toEqual([]);
    const fcm = vendors.fcm.find((p) => p.token === android)!;
    const apns = vendors.apns.find((p) => p.token === iphone)!;
    expect(fcm).toMatchObject({
      title: 'Order filled',
      data: {
        url: `/trade?market_id=${btc}`,
        type: 'ORDER_FILLED',
        tag: expect.stringMatching(/^fit24-\d+$/),
      },
      android: { ttl: '86400s', priority: 'normal' },
    });
    expect(fcm.body).toContain('Your SELL order on BTC/USDT was filled: 0.01 BTC');
    expect(apns.payload).toEqual({
      aps: { alert: { title: fcm.title, body: fcm.body }, sound: 'default' },
      ...fcm.data,
    });
    expect(apns.headers).toEqual({
      topic: 'exchange.fit24.app',
      pushType: 'alert',
      priority: '5',
      collapseId: fcm.data.tag,
    });
    await eventually(async () => expect(await outbox()).toEqual([]));

    // Three deposits later, both devices have four pushes, and Google was asked for one token in all.
    for (const amount of ['0.1', '0.2', '0.3']) await deposit(t, seller.email, 'BTC', amount);
    await eventually(() => {
      expect(vendors.fcm.filter((p) => p.token === android)).toHaveLength(4);
      expect(vendors.apns.filter((p) => p.token === iphone)).toHaveLength(4);
    });
    expect(vendors.fcm.filter((p) => p.token === android).map((p) => p.title)).toContain(
      'BTC deposit received',
    );
    expect(vendors.grants).toBe(1);
    expect(vendors.refused).toEqual([]);
  });

  it('asks for a new access token only when the one it has is about to expire', async () => {
    const user = await fundedUser(t, { BTC: '1' });
    const android = fcmToken();
    await subscribe(user, 'fcm', android);
    const grants = vendors.grants;
    t.ctx.clock.advance(3600 - 4 * 60);
    await deposit(t, user.email, 'BTC', '0.1');
    await eventually(() => expect(vendors.fcm.filter((p) => p.token === android)).toHaveLength(1));
    expect(vendors.grants).toBe(grants + 1);
    expect(vendors.refused).toEqual([]);
  });

  it('forgets devices the vendors say are gone, and keeps the user’s other devices', async () => {
    const user = await fundedUser(t, { BTC: '1' });
    const [unregistered, invalid, live] = [fcmToken(), fcmToken(), fcmToken()];
    const [removed, bad, iphone] = [apnsToken(), apnsToken(), apnsToken()];
    for (const token of [unregistered, invalid, live]) await subscribe(user, 'fcm', token);
    for (const token of [removed, bad, iphone]) await subscribe(user, 'apns', token);
    vendors.answerFcm(unregistered, 'unregistered');
    vendors.answerFcm(invalid, 'invalid');
    vendors.answerApns(removed, 'unregistered');
    vendors.answerApns(bad, 'bad-token');

    await deposit(t, user.email, 'BTC', '0.1');
    await eventually(async () => {
      for (const token of [unregistered, invalid, removed, bad])
        expect(await subscriptionsOf(token)).toEqual([]);
    });
    expect(await subscriptionsOf(live)).toHaveLength(1);
    expect(await subscriptionsOf(iphone)).toHaveLength(1);
    await eventually(() => {
      expect(vendors.fcm.filter((p) => p.token === live)).toHaveLength(1);
      expect(vendors.apns.filter((p) => p.token === iphone)).toHaveLength(1);
    });
    await eventually(async () => expect(await outbox()).toEqual([]));
    expect(vendors.refused).toEqual([]);
  });

  it('retries a push FCM cannot take now, as it does a browser’s', async () => {
    const user = await fundedUser(t, { BTC: '1' });
    const android = fcmToken();
    await subscribe(user, 'fcm', android);
    vendors.answerFcm(android, 'unavailable');
    await deposit(t, user.email, 'BTC', '0.1');
    await eventually(async () => {
      const [waiting] = await t.ctx.db
        .selectFrom('notification_sends')
        .selectAll()
        .where('user_id', '=', BigInt(user.userId))
        .execute();
      expect(waiting).toMatchObject({ attempts: 1, last_error: 'fcm 503 UNAVAILABLE' });
    });
    expect(await subscriptionsOf(android)).toHaveLength(1);
    vendors.answerFcm(android, 'ok');
    t.ctx.clock.advance(31);
    await eventually(() => expect(vendors.fcm.filter((p) => p.token === android)).toHaveLength(1));
    await eventually(async () => expect(await outbox()).toEqual([]));
  });
});

describe.each(databasesUnderTest())(
  'native app push without the vendors’ credentials on $name',
  (database) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(database);
    });
    afterAll(() => t?.close());

    it('keeps the devices, sends their pushes nowhere, and empties the outbox instead of retrying', async () => {
      expect(t.ctx.config.nativePush).toEqual({ fcm: null, apns: null });
      const warn = vi.spyOn(t.ctx.log, 'warn');
      const user = await registerVerifiedUser(t);
      const [android, iphone] = [fcmToken(), apnsToken()];
      await t.api('POST', '/api/push/subscribe', {
        token: user.token,
        body: { kind: 'fcm', token: android },
      });
      await t.api('POST', '/api/push/subscribe', {
        token: user.token,
        body: { kind: 'apns', token: iphone },
      });
      await deposit(t, user.email, 'BTC', '0.1');
      await deposit(t, user.email, 'BTC', '0.2');
      // Both deposits owed both devices a push: the sender takes them off the outbox, unsent.
      await eventually(async () =>
        expect(await t.ctx.db.selectFrom('notification_sends').selectAll().execute()).toEqual([]),
      );
      const told = warn.mock.calls.map((call) => call[1]).filter((m) => String(m).includes('not configured'));
      // Said once per vendor (so the pushes did reach the sender), not once per push.
      expect(told).toHaveLength(2);
      expect(told).toEqual(
        expect.arrayContaining([
          expect.stringContaining('FCM is not configured (FCM_SERVICE_ACCOUNT_FILE)'),
          expect.stringContaining('APNs is not configured (APNS_KEY_FILE'),
        ]),
      );
      const rows = await t.ctx.db
        .selectFrom('push_subscriptions')
        .select('kind')
        .where('user_id', '=', BigInt(user.userId))
        .orderBy('kind')
        .execute();
      expect(rows).toEqual([{ kind: 'apns' }, { kind: 'fcm' }]);
    });
  },
);

describe('native push configuration', () => {
  const problemsOf = (env: Record<string, string>) => {
    try {
      nativeConfig(env);
      return [];
    } catch (error) {
      return (error as ConfigError).problems;
    }
  };
  let vendors: NativePushServices;
  beforeAll(async () => {
    vendors = await startNativePushServices(Date.now);
  });
  afterAll(() => vendors?.close());

  it('reads a service account and an APNs key, and keeps their private keys out of any dump', () => {
    const config = nativeConfig(vendors.env);
    expect(config.fcm).toMatchObject({
      projectId: 'fit24-test',
      clientEmail: 'push@fit24-test.iam.gserviceaccount.com',
      tokenUri: `${vendors.env.FCM_API_URL}/token`,
      apiUrl: vendors.env.FCM_API_URL,
    });
    expect(config.apns).toMatchObject({
      keyId: 'ABC123DEFG',
      teamId: 'DEF123GHIJ',
      bundleId: 'exchange.fit24.app',
      url: vendors.env.APNS_URL,
    });
    expect(JSON.stringify(config)).not.toContain('PRIVATE KEY');
    const defaults = nativeConfig({
      APNS_KEY_FILE: vendors.env.APNS_KEY_FILE!,
      APNS_KEY_ID: 'ABC123DEFG',
      APNS_TEAM_ID: 'DEF123GHIJ',
      APNS_BUNDLE_ID: 'exchange.fit24.app',
    });
    expect(defaults).toMatchObject({ fcm: null, apns: { url: 'https://api.push.apple.com' } });
  });

  it('names each bad or missing value, and takes only https vendors in production', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fit24-native-bad-'));
    const notJson = join(dir, 'account.json');
    writeFileSync(notJson, '{ not json');
    expect(problemsOf({ FCM_SERVICE_ACCOUNT_FILE: join(dir, 'missing.json') })).toEqual([
      `FCM_SERVICE_ACCOUNT_FILE: cannot read ${join(dir, 'missing.json')} (ENOENT).`,
    ]);
    expect(problemsOf({ FCM_SERVICE_ACCOUNT_FILE: notJson })).toEqual([
      `FCM_SERVICE_ACCOUNT_FILE: ${notJson} is not JSON (download it from Firebase's console).`,
    ]);
    // The APNs key where the service account belongs: neither its type nor its fields.
    const wrongKey = join(dir, 'wrong.json');
    writeFileSync(
      wrongKey,
      JSON.stringify({
        type: 'service_account',
        project_id: 'fit24-test',
        client_email: 'a@b.c',
        private_key: 'x',
      }),
    );
    expect(problemsOf({ FCM_SERVICE_ACCOUNT_FILE: wrongKey })).toEqual([
      'FCM_SERVICE_ACCOUNT_FILE: private_key is missing or not an RSA private key (PEM).',
    ]);
    expect(problemsOf({ APNS_KEY_ID: 'ABC123DEFG', APNS_TEAM_ID: 'team' })).toEqual([
      'APNs needs APNS_KEY_FILE, APNS_KEY_ID, APNS_TEAM_ID, APNS_BUNDLE_ID together: APNS_KEY_FILE, APNS_BUNDLE_ID missing.',
      'APNS_TEAM_ID must be the 10-character team id such as DEF123GHIJ (got "team").',
    ]);
    const apns = { ...vendors.env, FCM_SERVICE_ACCOUNT_FILE: '', FCM_API_URL: '' };
    expect(problemsOf({ ...apns, APNS_KEY_FILE: vendors.env.FCM_SERVICE_ACCOUNT_FILE! })).toEqual([
      `APNS_KEY_FILE: ${vendors.env.FCM_SERVICE_ACCOUNT_FILE} is not an APNs signing key (a .p8 file: a P-256 key in PEM).`,
    ]);
    expect(problemsOf({ ...apns, APNS_URL: 'https://api.push.apple.com/3/device' })).toEqual([
      'APNS_URL must be an http(s):// origin with no path (got "https://api.push.apple.com/3/device").',
    ]);
    expect(problemsOf({ APNS_URL: 'https://api.sandbox.push.apple.com' })).toEqual([
      'APNS_URL is set but APNS_KEY_FILE and the rest are not.',
    ]);
    const production = loadConfigProblems({ ...vendors.env, NODE_ENV: 'production' });
    expect(production).toContain(
      `APNS_URL must be an https:// origin with no path (got "${vendors.env.APNS_URL}").`,
    );
    expect(production).toContain(
      `FCM_API_URL must be an https:// origin with no path (got "${vendors.env.FCM_API_URL}").`,
    );
    expect(production).toContain('FCM_SERVICE_ACCOUNT_FILE: token_uri must be an https URL.');
  });
});

/** Every problem a production start would report (the other production settings' too). */
function loadConfigProblems(env: Record<string, string>): string[] {
  try {
    loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'fit24-config-')), ...env });
    return [];
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.problems;
  }
}
