import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshEmail, freshMobile, GOOD_PASSWORD, registerVerifiedUser } from '../../testing/identity.ts';
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

  it('records the invite a new user signed up with for their device, and prefills joining with it', async () => {
    const sponsor = await registerVerifiedUser(t);
    const code = (await t.api('GET', '/api/account', { token: sponsor.token })).body.data.account
      .referral_code;
    await t.api('POST', '/api/affiliate/register', { token: sponsor.token, body: {} });
    // The invite link (/r/CODE) opened in a browser that has no device id yet: nothing to record.
    const visit = await t.app.inject({ method: 'GET', url: `/r/${code}` });
    expect(visit.headers.location).toBe(`/share?code=${code}`);

    const device = 'a3f1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
    const friend = await registerVerifiedUser(t, { referral_code: code.toLowerCase(), device_uuid: device });
    const found = await t.api('GET', `/api/user/referrer?device_uuid=${device}`, { token: friend.token });
    expect(found.body.data).toEqual({ code });
    const joined = await t.api('POST', '/api/affiliate/register', {
      token: friend.token,
      body: { referral_code: found.body.data.code },
    });
    expect(joined.body.data.affiliate.referrer_code).toBe(code);

    // A sign-up without a code leaves the device as it was; one with a code that is not one records nothing.
    const other = 'b4e2d3c5-6f70-4b8c-9dae-1f2a3b4c5d6e';
    await registerVerifiedUser(t, { device_uuid: other });
    const refused = await t.api('POST', '/api/auth/register', {
      body: {
        name: 'Grace Hopper',
        email_id: 'grace.nocode@example.com',
        password: 'Correct-horse-42',
        mobile: '+447700900123',
        country_code: 'GB',
        referral_code: 'NOSUCH99',
        device_uuid: other,
        accept_terms: true,
      },
    });
    expect(refused.status).toBe(400);
    const none = await t.api('GET', `/api/user/referrer?device_uuid=${other}`, { token: friend.token });
    expect(none.body.data).toEqual({ code: null });
  });

  it('records one device for sign-ups made at once from it (a double tap, two tabs): no 500', async () => {
    const sponsor = await registerVerifiedUser(t);
    const code = (await t.api('GET', '/api/account', { token: sponsor.token })).body.data.account
      .referral_code;
    const device = 'c5f3e4d6-7081-4c9d-8ebf-2a3b4c5d6e7f';
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.api('POST', '/api/auth/register', {
          body: {
            name: 'Grace Hopper',
            email_id: freshEmail('burst'),
            password: GOOD_PASSWORD,
            mobile: freshMobile(),
            country_code: 'GB',
            referral_code: code,
            device_uuid: device,
            accept_terms: true,
          },
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const rows = await t.ctx.db
      .selectFrom('device_referrals')
      .select('code')
      .where('device_uuid', '=', device)
      .execute();
    expect(rows).toEqual([{ code }]);
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
