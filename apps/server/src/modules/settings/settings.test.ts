import { NOTIFICATION_EVENTS } from '@fit24/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type RegisteredUser, registerVerifiedUser } from '../../testing/identity.ts';
import { createTestApp, databasesUnderTest, type TestApp } from '../../testing/test-app.ts';
import { fundedUser, marketIdOf, place } from '../../testing/trading.ts';
import { DEFAULT_PREFERENCES } from './settings.service.ts';

const eventually = (check: () => Promise<void> | void) =>
  vi.waitFor(check, { timeout: 15_000, interval: 100 });

describe.each(databasesUnderTest())('account settings on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = async (user: RegisteredUser) =>
    (await t.api('GET', '/api/settings', { token: user.token })).body.data.settings;
  const update = (user: RegisteredUser, body: unknown) =>
    t.api('POST', '/api/settings', { token: user.token, body });
  const outbox = async (to: string) =>
    (await t.ops('GET', `/ops/outbox?to=${encodeURIComponent(to.toLowerCase())}`)).body.data
      .messages as Array<{
      subject: string;
      text: string;
    }>;

  it('answers the defaults to a user who never chose: dark, English, push on, email for new sign-ins', async () => {
    const user = await registerVerifiedUser(t);
    expect(await get(user)).toEqual({ theme: 'dark', language: 'en', notifications: DEFAULT_PREFERENCES });
    expect(Object.keys(DEFAULT_PREFERENCES)).toEqual([...NOTIFICATION_EVENTS]);
    expect(DEFAULT_PREFERENCES.new_device_signin).toEqual({ email: 1, push: 1 });
    expect(DEFAULT_PREFERENCES.order_filled).toEqual({ email: 0, push: 1 });
  });

  it('changes only what is given, keeps it, and shows it only to its owner', async () => {
    const [user, other] = [await registerVerifiedUser(t), await registerVerifiedUser(t)];
    const light = await update(user, { theme: 'light' });
    expect(light.status).toBe(200);
    expect(light.body.data.settings).toMatchObject({ theme: 'light', language: 'en' });
    await update(user, { notifications: { reward: { push: 0 }, deposit_credited: { email: 1 } } });
    await update(user, { language: 'es', notifications: { reward: { email: 1 } } });
    const settings = await get(user);
    expect(settings).toMatchObject({ theme: 'light', language: 'es' });
    expect(settings.notifications).toEqual({
      ...DEFAULT_PREFERENCES,
      reward: { email: 1, push: 0 },
      deposit_credited: { email: 1, push: 1 },
    });
    expect(await get(other)).toEqual({ theme: 'dark', language: 'en', notifications: DEFAULT_PREFERENCES });
  });

  it('loses no change when 50 requests change different settings at once', async () => {
    const user = await registerVerifiedUser(t);
    const bodies = [
      { theme: 'system' },
      { notifications: { reward: { push: 0 } } },
      { notifications: { order_filled: { email: 1 } } },
      { notifications: { price_alert: { push: 0 } } },
      { language: 'es' },
    ];
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => update(user, bodies[i % 5])));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    const settings = await get(user);
    expect(settings).toMatchObject({ theme: 'system', language: 'es' });
    expect(settings.notifications).toMatchObject({
      reward: { email: 0, push: 0 },
      order_filled: { email: 1, push: 1 },
      price_alert: { email: 0, push: 0 },
    });
    const rows = await t.ctx.db
      .selectFrom('notification_preferences')
      .select('event')
      .where('user_id', '=', BigInt(user.userId))
      .execute();
    expect(rows.map((r) => r.event).sort()).toEqual(['order_filled', 'price_alert', 'reward']);
  });

  it('refuses a bad change with 400', async () => {
    const user = await registerVerifiedUser(t);
    for (const body of [
      {},
      { theme: 'blue' },
      { language: 'fr' },
      { notifications: { margin_call: { push: 0 } } },
      { notifications: { reward: { push: 2 } } },
      { notifications: { reward: { sms: 1 } } },
      { notifications: { reward: { push: true } } },
      { font: 'large' },
      [],
    ]) {
      const { status } = await update(user, body);
      expect(status, JSON.stringify(body)).toBe(400);
    }
    expect(await get(user)).toEqual({ theme: 'dark', language: 'en', notifications: DEFAULT_PREFERENCES });
  });

  it('emails a fill when its email is turned on, with a link to its market', async () => {
    const seller = await fundedUser(t, { BTC: '1' });
    const buyer = await fundedUser(t, { USDT: '100000' });
    await update(seller, { notifications: { order_filled: { email: 1 } } });
    const btc = await marketIdOf(t, 'BTC/USDT');
    await place(t, seller, { market_id: btc, side: 'SELL', type: 'LIMIT', price: '60000', amount: '0.01' });
    await place(t, buyer, { market_id: btc, side: 'BUY', type: 'LIMIT', price: '60000', amount: '0.01' });
    await eventually(async () => {
      const mail = (await outbox(seller.email)).find((m) => m.subject === 'Order filled');
      expect(mail?.text).toContain(`${t.ctx.config.publicUrl}/trade?market_id=${btc}`);
    });
    // The buyer left email off (the default): none for them.
    expect((await outbox(buyer.email)).map((m) => m.subject)).not.toContain('Order filled');
  });

  it('sends the new sign-in email only while it is turned on; the notification stays', async () => {
    const user = await registerVerifiedUser(t);
    const signin = (ip: string) =>
      t.api('POST', '/api/auth/signin', {
        body: { email_id: user.email, password: user.password },
        headers: { 'user-agent': `Test browser ${ip}` },
        ip,
      });
    const alerts = async () =>
      (await outbox(user.email)).filter((m) => m.subject === 'New sign-in to your FIT24 Exchange account');
    expect((await signin('203.0.113.7')).status).toBe(200);
    expect(await alerts()).toHaveLength(1);

    await update(user, { notifications: { new_device_signin: { email: 0 } } });
    expect((await signin('203.0.113.8')).status).toBe(200);
    expect(await alerts()).toHaveLength(1);
    const notices = await t.ctx.db
      .selectFrom('notifications')
      .select('type')
      .where('user_id', '=', BigInt(user.userId))
      .where('type', '=', 'NEW_DEVICE_SIGNIN')
      .execute();
    expect(notices).toHaveLength(2);
  });
});
