import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { insertRows, unnestRows } from '../db/unnest.ts';
import { fundPool } from '../modules/affiliate/pool.ts';
import { assetBySymbol } from '../modules/funds/assets.service.ts';
import * as ledger from '../modules/ledger/ledger.service.ts';

/**
 * `count` affiliates in a binary sponsor tree (affiliate n is sponsored by n / 2, so most have five
 * uplines or more), each with one stake of `stakeFit` FIT24 started a day before `now`, the staked
 * money posted to the ledger, and the rewards pool funded. Every table is written with one array per
 * column, so seeding 20,000 stakes takes a handful of statements.
 */
export async function seedStakes(
  db: Database,
  options: { count: number; stakeFit: bigint; poolFit: bigint; now: Date; tag?: string },
): Promise<{ userIds: bigint[]; affiliateIds: bigint[] }> {
  const { count, now } = options;
  const tag = options.tag ?? 'seed';
  const started = new Date(now.getTime() - 86_400_000);
  const fit = await assetBySymbol(db, 'FIT24');
  const unit = 10n ** BigInt(fit.decimals);
  return db.transaction().execute(async (trx) => {
    const index = Array.from({ length: count }, (_, i) => i);
    const users = await sql<{ user_id: bigint }>`${insertRows('users', index, {
      name: ['text', (i) => `Staker ${i}`],
      email: ['text', (i) => `${tag}-staker-${i}@example.com`],
      password_hash: ['text', () => 'x'],
      mobile: ['text', (i) => `+4470${String(i).padStart(8, '0')}`],
      country_code: ['text', () => 'GB'],
      referral_code: ['text', (i) => `${tag}${i}`.toUpperCase()],
      created_at: ['timestamptz', () => started],
    })} returning user_id`.execute(trx);
    const userIds = users.rows.map((r) => r.user_id).sort((a, b) => (a < b ? -1 : 1));
    const affiliates = await sql<{ affiliate_id: bigint }>`insert into affiliates (user_id, code, created_at)
      select u.user_id, u.referral_code, ${started}::timestamptz from users u
      join ${unnestRows('v', userIds, { user_id: ['bigint', (id) => id] })} on u.user_id = v.user_id
      order by u.user_id returning affiliate_id`.execute(trx);
    const affiliateIds = affiliates.rows.map((r) => r.affiliate_id).sort((a, b) => (a < b ? -1 : 1));
    const sponsored = index.slice(1);
    await sql`update affiliates a set sponsor_id = v.sponsor_id from ${unnestRows('v', sponsored, {
      affiliate_id: ['bigint', (i) => affiliateIds[i]],
      sponsor_id: ['bigint', (i) => affiliateIds[Math.floor((i - 1) / 2)]],
    })} where a.affiliate_id = v.affiliate_id`.execute(trx);
    const amount = options.stakeFit * unit;
    await insertRows('stakes', affiliateIds, {
      affiliate_id: ['bigint', (id) => id],
      amount: ['bigint', () => amount],
      source: ['text', () => 'AVAILABLE'],
      start_date: ['timestamptz', () => started],
      created_at: ['timestamptz', () => started],
    }).execute(trx);
    await ledger.post(trx, {
      kind: 'TEST_STAKES',
      now: started,
      legs: userIds.map((userId) => ({
        from: { system: 'chain' as const },
        to: { userId, kind: 'staked' as const },
        assetId: fit.asset_id,
        amount,
      })),
    });
    await fundPool(trx, fit.asset_id, options.poolFit * unit, started);
    return { userIds, affiliateIds };
  });
}
