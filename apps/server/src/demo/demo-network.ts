import { randomBytes } from 'node:crypto';
import { fromBaseUnits, toBaseUnits } from '@fit24/contract';
import { type Clock, toEpochSeconds } from '../clock.ts';
import type { AppContext } from '../context.ts';
import * as usersRepo from '../modules/account/users.repository.ts';
import * as affiliatesRepo from '../modules/affiliate/affiliate.repository.ts';
import { fitAsset, register } from '../modules/affiliate/affiliate.service.ts';
import * as ranksRepo from '../modules/affiliate/ranks.repository.ts';
import { saveRank } from '../modules/affiliate/ranks.service.ts';
import { runDay } from '../modules/affiliate/rewards.service.ts';
import { addDays, isoDay } from '../modules/affiliate/rules.ts';
import * as stakesRepo from '../modules/affiliate/stakes.repository.ts';
import { stake } from '../modules/affiliate/staking.service.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { parseAmount } from '../modules/funds/assets.service.ts';
import * as ledger from '../modules/ledger/ledger.service.ts';
import { grantBalances } from './grants.ts';

/**
 * The demo user's affiliate network, so a newcomer sees the programme working rather than empty lists:
 * eight partners on four levels who joined and staked over the last days, the demo user's two stakes
 * (the first boosted by its partners, the second still filling while its window counts down), a rank
 * reached, and the days since paid by the daily run (staking rewards and level income).
 *
 * Everything goes through the programme's own services — register, stake, the daily run, the rank
 * check — each at the moment it "happened" (a clock fixed at that moment), so every FIT24 moved is a
 * journal entry and the ledger audit holds. Each step first looks whether it is done, so a second start
 * adds nothing and a start that stopped half-way finishes the rest.
 */

interface Partner {
  key: string;
  name: string;
  /** The partner's sponsor: another partner's key, or the demo user. */
  sponsor: string;
  stake: string;
}

/**
 * Level 1: Maria, James, Li; level 2: Sofia, Lucas (Maria's), Amara (James's); level 3 Noah; level 4
 * Emma. Stakes large enough that even level 4 earns a visible cent a day.
 */
const PARTNERS: Partner[] = [
  { key: 'maria', name: 'Maria Santos', sponsor: 'demo', stake: '1200' },
  { key: 'james', name: 'James Okafor', sponsor: 'demo', stake: '900' },
  { key: 'li', name: 'Li Wei', sponsor: 'demo', stake: '1500' },
  { key: 'sofia', name: 'Sofia Rossi', sponsor: 'maria', stake: '600' },
  { key: 'lucas', name: 'Lucas Meyer', sponsor: 'maria', stake: '450' },
  { key: 'amara', name: 'Amara Nwosu', sponsor: 'james', stake: '400' },
  { key: 'noah', name: 'Noah Kim', sponsor: 'sofia', stake: '500' },
  { key: 'emma', name: 'Emma Johansson', sponsor: 'noah', stake: '400' },
];

/** The ranks the demo sets when the operator has set none: the team's 5,950 FIT24 reach Bronze. */
const DEMO_RANKS = [
  { name: 'Bronze', required_business: '2500', required_directs: 2, reward: '25' },
  { name: 'Silver', required_business: '10000', required_directs: 3, reward: '100' },
  { name: 'Gold', required_business: '50000', required_directs: 5, reward: '500' },
];

/** What happened, in order: `hoursAgo` before the first start. */
type Step =
  | { hoursAgo: number; kind: 'join'; who: string }
  | { hoursAgo: number; kind: 'stake'; who: string; amount?: string; nth?: number };

/**
 * The demo user's first stake (1,000) is boosted by Maria's and James's (2,100 against a target of
 * 2,000); the second (1,500, target 3,000) is half filled by Li's and its window still runs.
 */
const STEPS: Step[] = [
  { hoursAgo: 8 * 24, kind: 'stake', who: 'demo', amount: '1000', nth: 1 },
  { hoursAgo: 8 * 24 - 2, kind: 'join', who: 'maria' },
  { hoursAgo: 8 * 24 - 3, kind: 'join', who: 'james' },
  { hoursAgo: 7 * 24, kind: 'stake', who: 'maria' },
  { hoursAgo: 7 * 24 - 4, kind: 'stake', who: 'james' },
  { hoursAgo: 6 * 24, kind: 'stake', who: 'demo', amount: '1500', nth: 2 },
  { hoursAgo: 6 * 24 - 5, kind: 'join', who: 'li' },
  { hoursAgo: 5 * 24, kind: 'stake', who: 'li' },
  ...['sofia', 'lucas', 'amara'].flatMap((who, i): Step[] => [
    { hoursAgo: 5 * 24 - 6 - i, kind: 'join', who },
    { hoursAgo: 4 * 24 - i, kind: 'stake', who },
  ]),
  { hoursAgo: 3 * 24 + 8, kind: 'join', who: 'noah' },
  { hoursAgo: 3 * 24, kind: 'stake', who: 'noah' },
  { hoursAgo: 2 * 24 + 6, kind: 'join', who: 'emma' },
  { hoursAgo: 2 * 24, kind: 'stake', who: 'emma' },
];

/** The days paid by the daily run: from the first stake's day to yesterday. */
export const DEMO_HISTORY_DAYS = 8;
/** How long before the first start the demo user joined: before the network's first step. */
export const DEMO_MEMBER_DAYS = 10;

function partner(key: string): Partner {
  const found = PARTNERS.find((p) => p.key === key);
  if (!found) throw new Error(`no demo partner ${key}`);
  return found;
}

export const partnerEmail = (key: string) => `${key}.partner@demo.fit24.exchange`;

/** A clock stopped at `at`: the services stamp what they write with the moment it happened. */
function clockAt(at: Date): Clock {
  return {
    now: () => new Date(at),
    nowSeconds: () => toEpochSeconds(at),
    advance() {
      throw new Error('a demo moment does not move');
    },
    offsetSeconds: () => 0,
  };
}

/** Builds what is missing of the demo user's network; `start` is the first start's moment. */
export async function ensureDemoNetwork(ctx: AppContext, demoUserId: bigint, start: Date): Promise<void> {
  await ensureRanks(ctx);
  const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
  const users = new Map<string, bigint>([['demo', demoUserId]]);
  for (const p of PARTNERS) {
    const row = await usersRepo.findByEmail(ctx.db, partnerEmail(p.key));
    if (row) users.set(p.key, row.user_id);
  }
  for (const step of STEPS) {
    const at = new Date(start.getTime() - step.hoursAgo * 3_600_000);
    const moment = { ...ctx, clock: clockAt(at) };
    if (step.kind === 'join') await join(moment, users, partner(step.who), passwordHash);
    else {
      const amount = step.amount ?? partner(step.who).stake;
      await stakeOnce(moment, users.get(step.who)!, amount, step.nth ?? 1);
    }
  }
  await payPastDays(ctx, start);
}

async function ensureRanks(ctx: AppContext): Promise<void> {
  if ((await ranksRepo.list(ctx.db)).length > 0) return;
  const units = (text: string) => toBaseUnits(text, 8)!;
  for (const rank of DEMO_RANKS) {
    await saveRank(ctx.db, {
      name: rank.name,
      required_business: units(rank.required_business),
      required_directs: rank.required_directs,
      reward: units(rank.reward),
    });
  }
}

/** A partner signs up under their sponsor's code and joins the programme, as a person would. */
async function join(
  ctx: AppContext,
  users: Map<string, bigint>,
  p: Partner,
  passwordHash: string,
): Promise<void> {
  const sponsorUserId = users.get(p.sponsor)!;
  let userId = users.get(p.key);
  if (userId === undefined) {
    const index = PARTNERS.indexOf(p);
    const user = await usersRepo.insert(ctx.db, {
      name: p.name,
      email: partnerEmail(p.key),
      password_hash: passwordHash,
      mobile: `+4474001235${String(index).padStart(2, '0')}`,
      country_code: 'GB',
      is_email_verified: true,
      is_mobile_verified: true,
      referral_code: `DEMOP${String(index + 1).padStart(3, '0')}`,
      referred_by: sponsorUserId,
      created_at: ctx.clock.now(),
    });
    userId = user.user_id;
    users.set(p.key, userId);
  }
  if (await affiliatesRepo.findByUser(ctx.db, userId)) return;
  const sponsor = await affiliatesRepo.findByUser(ctx.db, sponsorUserId);
  await register(ctx, userId, sponsor?.code);
}

/** The owner's `nth` stake, unless they have it; a partner is granted what their balance lacks. */
async function stakeOnce(ctx: AppContext, userId: bigint, amount: string, nth: number): Promise<void> {
  const affiliate = await affiliatesRepo.findByUser(ctx.db, userId);
  if (!affiliate || (await stakesRepo.listOf(ctx.db, affiliate.affiliate_id)).length >= nth) return;
  if (affiliate.sponsor_id !== null) {
    const fit = await fitAsset(ctx.db);
    const held = await ledger.balanceOf(ctx.db, userId, fit.asset_id, 'available');
    const lacking = parseAmount(fit, amount) - held;
    if (lacking > 0n) {
      const grant = fromBaseUnits(lacking, fit.decimals);
      await ctx.db
        .transaction()
        .execute((trx) => grantBalances(trx, userId, [['FIT24', grant]], 'demo partner', ctx.clock.now()));
    }
  }
  await stake(ctx, userId, 'AVAILABLE', amount, null);
}

/** The daily run of each day since the first stake, run just after that day ended. */
async function payPastDays(ctx: AppContext, start: Date): Promise<void> {
  const today = isoDay(start);
  for (let back = DEMO_HISTORY_DAYS; back >= 1; back -= 1) {
    const day = addDays(today, -back);
    const justAfter = new Date(`${addDays(day, 1)}T00:05:00Z`);
    const ranAt = justAfter < start ? justAfter : start;
    await runDay({ ...ctx, clock: clockAt(ranAt) }, day);
  }
}
