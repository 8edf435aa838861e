import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerifiedUser } from '../../testing/identity.ts';
import { createTestApp, databasesUnderTest, type TestApp } from '../../testing/test-app.ts';

describe.each(databasesUnderTest())('banners and share links on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the banners the operator created, in their order', async () => {
    const user = await registerVerifiedUser(t);
    expect((await t.api('GET', '/api/banner/list', { token: user.token })).body.data.banners).toEqual([]);
    await t.ops('POST', '/ops/banners', {
      title: 'Second',
      image_url: 'https://cdn.example.com/b.png',
      sort_order: 2,
    });
    const first = await t.ops('POST', '/ops/banners', {
      title: 'Stake FIT24',
      image_url: 'https://cdn.example.com/a.png',
      link: '/earn',
      sort_order: 1,
    });
    expect(first.body.data.banner).toMatchObject({ title: 'Stake FIT24', link: '/earn' });
    const { body } = await t.api('GET', '/api/banner/list', { token: user.token });
    expect(body.data.banners.map((b: { title: string }) => b.title)).toEqual(['Stake FIT24', 'Second']);
    const bad = await t.ops('POST', '/ops/banners', { title: 'x', image_url: 'not a url' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('image_url');
  });

  it('records the referral code a share link brought to a device, and redirects to the share page', async () => {
    const sponsor = await registerVerifiedUser(t);
    const code = (await t.api('GET', '/api/account', { token: sponsor.token })).body.data.account
      .referral_code;
    const device = 'device-1234-abcd';
    const visit = await t.app.inject({
      method: 'GET',
      url: `/r/${code.toLowerCase()}?device_uuid=${device}`,
    });
    expect(visit.statusCode).toBe(302);
    expect(visit.headers.location).toBe(`/share?code=${code}`);

    const reader = await registerVerifiedUser(t);
    const found = await t.api('GET', `/api/user/referrer?device_uuid=${device}`, { token: reader.token });
    expect(found.body.data).toEqual({ code });
    const none = await t.api('GET', '/api/user/referrer?device_uuid=another-device-99', {
      token: reader.token,
    });
    expect(none.body.data).toEqual({ code: null });
    expect((await t.api('GET', '/api/user/referrer', { token: reader.token })).status).toBe(400);
  });

  it('does not record an unknown code, and still opens the share page', async () => {
    const visit = await t.app.inject({ method: 'GET', url: '/r/NOPE1234?device_uuid=device-zzzz-0000' });
    expect(visit.headers.location).toBe('/share?code=NOPE1234');
    const rows = await t.ctx.db
      .selectFrom('device_referrals')
      .selectAll()
      .where('device_uuid', '=', 'device-zzzz-0000')
      .execute();
    expect(rows).toEqual([]);
    const odd = await t.app.inject({ method: 'GET', url: '/r/%3Cscript%3E' });
    expect(odd.headers.location).toBe('/share');
  });
});
