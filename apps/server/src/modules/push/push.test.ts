import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { deposit } from '../../testing/funds.ts';
import { type RegisteredUser, registerVerifiedUser } from '../../testing/identity.ts';
import { startPushService, type TestBrowser, type TestPushService } from '../../testing/push-service.ts';
import { createTestApp, databasesUnderTest, type TestApp } from '../../testing/test-app.ts';
import { fundedUser, marketIdOf, place } from '../../testing/trading.ts';
import { MAX_PUSH_DEVICES } from './push.service.ts';

/**
 * Waits for what the sender does after a commit (it polls its outbox twice a second). Long enough for one
 * retry (30 s after a failed attempt): on a loaded machine the PostgreSQL half has twice gone 15 s without
 * a push, and the outbox is printed when a test fails so that the next such run says why.
 */
const eventually = (check: () => Promise<void> | void) =>
  vi.waitFor(check, { timeout: 45_000, interval: 100 });
vi.setConfig({ testTimeout: 120_000 });

describe.each(databasesUnderTest())('web push end to end on $name', (database) => {
  let t: TestApp;
  let service: TestPushService;
  let btc: number;
  let seller: RegisteredUser;
  let buyer: RegisteredUser;
  beforeAll(async () => {
    t = await createTestApp(database);
    service = await startPushService(t.ctx.config.vapid.publicKey);
    btc = await marketIdOf(t, 'BTC/USDT');
    seller = await fundedUser(t, { BTC: '1' });
    buyer = await fundedUser(t, { USDT: '100000' });
  });
  afterAll(async () => {
    await t?.close();
    await service?.close();
  });

  afterEach(async (context) => {
    if (context.task.result?.state !== 'fail') return;
    const outbox = await t.ctx.db.selectFrom('notification_sends').selectAll().execute();
    console.log(
      `push outbox after a failed test on ${database.name} (now ${t.ctx.clock.now().toISOString()}):`,
      JSON.stringify(outbox, (_k, v) => (typeof v === 'bigint' ? String(v) : v)),
      `pushes received: ${service.received.length}, refused: ${JSON.stringify(service.refused)}`,
    );
  });

  const subscribe = (user: RegisteredUser, browser: TestBrowser) =>
    t.api('POST', '/api/push/subscribe', { token: user.token, body: browser.subscription });
  const fill = async (amount: string) => {
    await place(t, seller, { market_id: btc, side: 'SELL', type: 'LIMIT', price: '60000', amount });
    await place(t, buyer, { market_id: btc, side: 'BUY', type: 'LIMIT', price: '60000', amount });
  };
  const pushesTo = (browser: TestBrowser) =>
    service.received.filter((p) => p.endpoint === browser.subscription.endpoint);
  const subscriptionsOf = (endpoint: string) =>
    t.ctx.db.selectFrom('push_subscriptions').selectAll().where('endpoint', '=', endpoint).execute();

  it('serves the VAPID key, and a fill between two users reaches the seller as an encrypted push', async () => {
    const key = await t.api('GET', '/api/push/key', { token: seller.token });
    expect(key.body.data).toEqual({ public_key: t.ctx.config.vapid.publicKey });
    const browser = service.browser();
    const subscribed = await subscribe(seller, browser);
    expect(subscribed.status).toBe(200);
    expect(subscribed.body.data.subscription).toMatchObject({ kind: 'web' });

    await fill('0.01');
    await eventually(() => expect(pushesTo(browser)).toHaveLength(1));
    expect(service.refused).toEqual([]);
    const [push] = pushesTo(browser);
    expect(push!.payload).toMatchObject({
      title: 'Order filled',
      url: `/trade?market_id=${btc}`,
      tag: expect.stringMatching(/^fit24-\d+$/),
    });
    expect(push!.payload.body).toContain('Your SELL order on BTC/USDT was filled: 0.01 BTC');
    expect(push!.ttl).toBeGreaterThan(0);
    // Sent, so the outbox is empty again.
    await eventually(async () =>
      expect(await t.ctx.db.selectFrom('notification_sends').selectAll().execute()).toEqual([]),
    );
  });

  it('sends nothing for fills once the user turns their push off, and still pushes the events left on', async () => {
    const browser = service.browser();
    await subscribe(buyer, browser);
    const off = await t.api('POST', '/api/settings', {
      token: buyer.token,
      body: { notifications: { order_filled: { push: 0 } } },
    });
    expect(off.body.data.settings.notifications.order_filled).toEqual({ email: 0, push: 0 });

    await fill('0.01');
    // The outbox is written in the fill's own transaction: once the order is answered, nothing is owed.
    const owed = await t.ctx.db
      .selectFrom('notification_sends')
      .selectAll()
      .where('user_id', '=', BigInt(buyer.userId))
      .execute();
    expect(owed).toEqual([]);
    // A deposit credited is still on: it arrives, and no fill came before it.
    await deposit(t, buyer.email, 'BTC', '0.5');
    await eventually(() => expect(pushesTo(browser)).toHaveLength(1));
    // The push opens the deposit's own page, as the notification in the app does.
    const [notice] = (await t.api('GET', '/api/notification/list', { token: buyer.token })).body.data
      .notifications;
    expect(notice.link).toMatch(/^\/funds\/transaction\?id=\d+$/);
    expect(pushesTo(browser)[0]!.payload).toMatchObject({
      title: 'BTC deposit received',
      body: '0.5 BTC was credited to your wallet.',
      url: notice.link,
    });
  });

  it("pushes and emails in the user's language: title, body and the page it opens", async () => {
    const user = await fundedUser(t, { BTC: '1' });
    await t.api('POST', '/api/settings', {
      token: user.token,
      body: { language: 'es', notifications: { deposit_credited: { email: 1 } } },
    });
    const browser = service.browser();
    await subscribe(user, browser);
    await deposit(t, user.email, 'USDT', '1250.5');
    await eventually(() => expect(pushesTo(browser)).toHaveLength(1));
    const [notice] = (await t.api('GET', '/api/notification/list', { token: user.token })).body.data
      .notifications;
    expect(notice).toMatchObject({ type: 'DEPOSIT_CREDITED', link: expect.stringMatching(/^\/funds\//) });
    expect(pushesTo(browser)[0]!.payload).toEqual({
      title: 'Depósito de USDT recibido',
      body: 'Recibiste 1.250,5 USDT en tu billetera.',
      url: notice.link,
      tag: `fit24-${notice.notification_id}`,
    });
    const outbox = async () =>
      (await t.ops('GET', `/ops/outbox?to=${encodeURIComponent(user.email)}`)).body.data.messages as Array<{
        subject: string;
        text: string;
      }>;
    await eventually(async () =>
      expect((await outbox()).map((m) => m.subject)).toContain('Depósito de USDT recibido'),
    );
    const email = (await outbox()).find((m) => m.subject === 'Depósito de USDT recibido')!;
    expect(email.text).toContain('Recibiste 1.250,5 USDT en tu billetera.');
    expect(email.text).toContain(`Ábrelo en la app: ${t.ctx.config.publicUrl}${notice.link}`);
    expect(email.text).toContain('Ajustes → Notificaciones');
  });

  it('forgets a subscription the push service says is gone (410)', async () => {
    const user = await fundedUser(t, { BTC: '1' });
    const browser = service.browser();
    await subscribe(user, browser);
    service.answer(browser.subscription.endpoint, 410);
    await deposit(t, user.email, 'BTC', '0.1');
    await eventually(async () => expect(await subscriptionsOf(browser.subscription.endpoint)).toEqual([]));
    expect(pushesTo(browser)).toEqual([]);
  });

  it("keeps one row per endpoint under 50 parallel subscribes, and caps an account's devices", async () => {
    const user = await registerVerifiedUser(t);
    const browser = service.browser();
    const answers = await Promise.all(Array.from({ length: 50 }, () => subscribe(user, browser)));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    expect(await subscriptionsOf(browser.subscription.endpoint)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.body.data.subscription.subscription_id)).size).toBe(1);

    const many = Array.from({ length: 50 }, () => service.browser());
    const burst = await Promise.all(many.map((b) => subscribe(user, b)));
    expect(burst.map((a) => a.status)).toEqual(Array(50).fill(200));
    const rows = await t.ctx.db
      .selectFrom('push_subscriptions')
      .selectAll()
      .where('user_id', '=', BigInt(user.userId))
      .execute();
    expect(rows).toHaveLength(MAX_PUSH_DEVICES);
  });

  it("lets only the subscriber unsubscribe (404 for anyone else's), and stores a native app's token", async () => {
    const [owner, other] = [await registerVerifiedUser(t), await registerVerifiedUser(t)];
    const browser = service.browser();
    await subscribe(owner, browser);
    const { endpoint } = browser.subscription;
    const stranger = await t.api('POST', '/api/push/unsubscribe', { token: other.token, body: { endpoint } });
    expect(stranger.status).toBe(404);
    expect(await subscriptionsOf(endpoint)).toHaveLength(1);
    const own = await t.api('POST', '/api/push/unsubscribe', { token: owner.token, body: { endpoint } });
    expect(own.status).toBe(200);
    expect(await subscriptionsOf(endpoint)).toEqual([]);
    const again = await t.api('POST', '/api/push/unsubscribe', { token: owner.token, body: { endpoint } });
    expect(again.status).toBe(404);

    const token = `fcm-${'a'.repeat(40)}:APA91b`;
    const native = await t.api('POST', '/api/push/subscribe', {
      token: owner.token,
      body: { kind: 'fcm', token },
    });
    expect(native.body.data.subscription).toMatchObject({ kind: 'fcm' });
    const gone = await t.api('POST', '/api/push/unsubscribe', {
      token: other.token,
      body: { kind: 'fcm', token },
    });
    expect(gone.status).toBe(404);
  });

  it('refuses a malformed subscription with 400', async () => {
    const good = service.browser().subscription;
    const cases: unknown[] = [
      { ...good, endpoint: 'ftp://push.example.com/x' },
      { ...good, endpoint: 'not a url' },
      { ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, 40) } },
      { ...good, keys: { ...good.keys, auth: 'not+base64url' } },
      { ...good, keys: { p256dh: good.keys.p256dh } },
      { ...good, extra: 1 },
      { kind: 'sms', token: 'x'.repeat(20) },
      { kind: 'fcm', token: 'short' },
      [],
    ];
    for (const body of cases) {
      const { status, body: answer } = await t.api('POST', '/api/push/subscribe', {
        token: seller.token,
        body,
      });
      expect(status, JSON.stringify(body)).toBe(400);
      expect(answer.error).toBe(true);
    }
    const scheme = await t.api('POST', '/api/push/subscribe', {
      token: seller.token,
      body: { ...good, endpoint: 'ftp://push.example.com/x' },
    });
    expect(scheme.body.fields).toEqual({ endpoint: 'must be an http(s) URL' });
  });
});

describe('web push in production', () => {
  it('takes only https push services on the internet', async () => {
    const { checkEndpoint } = await import('./push.service.ts');
    expect(() => checkEndpoint('https://fcm.googleapis.com/fcm/send/abc', true)).not.toThrow();
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://127.0.0.1/push',
      'https://[::1]/push',
      'https://localhost/push',
      'https://intranet/push',
      'https://user:pass@fcm.googleapis.com/x',
    ]) {
      expect(() => checkEndpoint(endpoint, true), endpoint).toThrow();
    }
    expect(() => checkEndpoint('http://127.0.0.1:9000/push/1', false)).not.toThrow();
  });
});
