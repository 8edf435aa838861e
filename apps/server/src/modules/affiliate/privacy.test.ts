import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as maskOldNotes } from '../../db/migrations/2026112610_partner_names_masked.ts';
import { assetId, auditClean, deposit } from '../../testing/funds.ts';
import { type RegisteredUser, registerVerifiedUser } from '../../testing/identity.ts';
import { createTestApp, databasesUnderTest, type TestApp } from '../../testing/test-app.ts';
import { isoDay } from './rules.ts';

interface Member extends RegisteredUser {
  name: string;
  code: string;
}

describe.each(databasesUnderTest())('partner names stay masked on $name', (database) => {
  let t: TestApp;
  let alice: Member;
  let bob: Member;
  let carol: Member;

  async function member(name: string, sponsor?: Member): Promise<Member> {
    const user = await registerVerifiedUser(t, { name });
    const joined = await t.api('POST', '/api/affiliate/register', {
      token: user.token,
      body: sponsor ? { referral_code: sponsor.code } : {},
    });
    expect(joined.status).toBe(200);
    await deposit(t, user.email, 'FIT24', '1000');
    return { ...user, name, code: joined.body.data.affiliate.code };
  }
  const stake = async (m: Member, amount: string) => {
    const answer = await t.api('POST', '/api/stakings/add', { token: m.token, body: { amount } });
    expect(answer.status).toBe(200);
  };

  beforeAll(async () => {
    t = await createTestApp(database);
    await t.ops('POST', '/ops/pool/fund', { amount: '100000' });
    await t.ops('POST', '/ops/ranks', {
      name: 'Bronze',
      required_business: '100',
      required_directs: 1,
      reward: '5',
    });
    alice = await member('Alice Walker');
    bob = await member('Bob Stone', alice);
    carol = await member('Carol Danvers', bob);
    await stake(alice, '100');
    await stake(bob, '300');
    await stake(carol, '200');
    t.ctx.clock.advance(86_400);
    expect(
      (await t.ops('POST', '/ops/rewards/run', { date: isoDay(t.ctx.clock.now()) })).body.data.run,
    ).toMatchObject({ status: 'PAID' });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Any word of another member's full name: a masked name ("B*b S***e") never matches. */
  const othersNames = (m: Member) =>
    new RegExp(
      [alice, bob, carol]
        .filter((o) => o !== m)
        .flatMap((o) => o.name.split(' '))
        .map((word) => `\\b${word}\\b`)
        .join('|'),
    );

  /** Every answer a member can read about their partners and sponsor. */
  async function partnerFacingAnswers(m: Member): Promise<Array<[string, unknown]>> {
    const fitId = await assetId(t, 'FIT24');
    const paths = [
      '/api/affiliate',
      '/api/affiliate/directs',
      '/api/affiliate/level/business',
      '/api/affiliate/income',
      '/api/affiliate/wallet',
      '/api/affiliate/transactions',
      '/api/affiliate/transactions/type?type=REWARD',
      '/api/affiliate/ranks',
      '/api/affiliate/offers',
      '/api/stakings/list',
      '/api/notification/list',
      `/api/asset/transactions?asset_id=${fitId}`,
      ...[alice, bob, carol].filter((o) => o !== m).map((o) => `/api/affiliate/code?code=${o.code}`),
    ];
    const answers: Array<[string, unknown]> = [];
    for (const path of paths) {
      const { status, body } = await t.api('GET', path, { token: m.token });
      expect(status, path).toBe(200);
      answers.push([path, body.data]);
    }
    return answers;
  }

  it('shows level income from a masked partner, and no full name of another member anywhere', async () => {
    const notes = (
      await t.api('GET', '/api/affiliate/transactions', { token: alice.token })
    ).body.data.transactions.map((tx: { note: string }) => tx.note);
    expect(notes).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Level 1 income from B\*b S\*\*\*e for \d{1,2} [A-Z][a-z]{2} \d{4}$/),
        expect.stringMatching(/^Level 2 income from C\*\*\*l D\*\*\*\*\*s for /),
      ]),
    );
    const directs = (await t.api('GET', '/api/affiliate/directs', { token: alice.token })).body.data.directs;
    expect(directs.map((d: { name: string }) => d.name)).toEqual(['B*b S***e']);

    for (const m of [alice, bob, carol]) {
      for (const [path, data] of await partnerFacingAnswers(m)) {
        expect(JSON.stringify(data), `${m.name}: ${path}`).not.toMatch(othersNames(m));
      }
    }
    expect(await auditClean(t)).toEqual({ ok: true, failed: [] });
  });

  it('masks the full names level-income notes were written with before', async () => {
    const aliceAffiliate = (await t.api('GET', '/api/affiliate', { token: alice.token })).body.data.affiliate;
    const old = {
      affiliate_id: BigInt(aliceAffiliate.affiliate_id),
      tx_type: 'REWARD' as const,
      source: 'LEVEL' as const,
      amount: 1n,
      reward_day: '2026-01-05',
      created_at: t.ctx.clock.now(),
    };
    await t.ctx.db
      .insertInto('affiliate_transactions')
      .values([
        { ...old, note: 'Level 1 income from Bob Stone for 2026-01-05' },
        { ...old, note: 'Level 2 income from Carol  Danvers for 2026-01-05' },
      ])
      .execute();
    await maskOldNotes(t.ctx.db as never);
    await maskOldNotes(t.ctx.db as never);
    const notes = (
      await t.ctx.db
        .selectFrom('affiliate_transactions')
        .select('note')
        .where('reward_day', '=', '2026-01-05')
        .orderBy('tx_id')
        .execute()
    ).map((r) => r.note);
    expect(notes).toEqual([
      'Level 1 income from B*b S***e for 2026-01-05',
      'Level 2 income from C***l D*****s for 2026-01-05',
    ]);
    for (const [path, data] of await partnerFacingAnswers(alice)) {
      expect(JSON.stringify(data), path).not.toMatch(othersNames(alice));
    }
  });
});
