import { toEpochSeconds } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { notify } from '../notifications/notifications.service.ts';
import { fit } from './affiliate.service.ts';
import * as network from './network.ts';
import { payFromPool } from './pool.ts';

/**
 * Awards every rank an affiliate now qualifies for (team business and number of directs) and has not
 * reached yet, each once, paying its reward from the pool. A rank the pool cannot pay yet waits for
 * the next check.
 */
export async function checkRanks(
  ctx: AppContext,
  trx: Database,
  affiliateIds: bigint[],
  fitAssetId: number,
): Promise<void> {
  if (affiliateIds.length === 0) return;
  const ranks = await trx.selectFrom('ranks').selectAll().orderBy('required_business').execute();
  if (ranks.length === 0) return;
  const now = ctx.clock.now();
  for (const affiliateId of affiliateIds) {
    const reached = new Set(
      (
        await trx
          .selectFrom('affiliate_ranks')
          .select('rank_id')
          .where('affiliate_id', '=', affiliateId)
          .execute()
      ).map((r) => r.rank_id),
    );
    const open = ranks.filter((r) => !reached.has(r.rank_id));
    if (open.length === 0) continue;
    const [team, directs, owner] = await Promise.all([
      network.team(trx, affiliateId),
      trx
        .selectFrom('affiliates')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('sponsor_id', '=', affiliateId)
        .executeTakeFirstOrThrow(),
      trx
        .selectFrom('affiliates')
        .select('user_id')
        .where('affiliate_id', '=', affiliateId)
        .executeTakeFirstOrThrow(),
    ]);
    for (const rank of open) {
      if (team.business < rank.required_business || Number(directs.n) < rank.required_directs) continue;
      const paid = await payFromPool(trx, {
        fitAssetId,
        now,
        kind: 'RANK_REWARD',
        refType: 'rank',
        refId: BigInt(rank.rank_id),
        payouts: [{ userId: owner.user_id, amount: rank.reward }],
      });
      if (!paid) {
        ctx.log.error(
          { affiliateId: String(affiliateId), rank: rank.name },
          'rewards pool cannot pay a rank reward: fund the pool',
        );
        continue;
      }
      await trx
        .insertInto('affiliate_ranks')
        .values({ affiliate_id: affiliateId, rank_id: rank.rank_id, achieved_at: now })
        .execute();
      if (rank.reward > 0n) {
        await trx
          .insertInto('affiliate_transactions')
          .values({
            affiliate_id: affiliateId,
            tx_type: 'REWARD',
            source: 'RANK',
            amount: rank.reward,
            note: `Rank reward: ${rank.name}`,
            reward_day: null,
            created_at: now,
          })
          .execute();
      }
      await notify(trx, owner.user_id, {
        type: 'RANK_REACHED',
        title: `Rank reached: ${rank.name}`,
        body:
          rank.reward > 0n
            ? `You reached ${rank.name}. ${fit(rank.reward)} FIT24 was added to your affiliate wallet.`
            : `You reached ${rank.name}.`,
        now,
      });
    }
  }
}

export async function listRanks(db: Database, affiliateId: bigint) {
  const [ranks, reached, team, directs] = await Promise.all([
    db.selectFrom('ranks').selectAll().orderBy('required_business').orderBy('rank_id').execute(),
    db.selectFrom('affiliate_ranks').selectAll().where('affiliate_id', '=', affiliateId).execute(),
    network.team(db, affiliateId),
    db
      .selectFrom('affiliates')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('sponsor_id', '=', affiliateId)
      .executeTakeFirstOrThrow(),
  ]);
  const achieved = new Set(reached.map((r) => r.rank_id));
  const current = ranks.filter((r) => achieved.has(r.rank_id)).at(-1);
  return {
    ranks: ranks.map((r) => ({
      rank_id: r.rank_id,
      name: r.name,
      required_business: fit(r.required_business),
      required_directs: r.required_directs,
      reward: fit(r.reward),
      achieved: achieved.has(r.rank_id) ? (1 as const) : (0 as const),
    })),
    current_rank_id: current?.rank_id ?? null,
    business: fit(team.business),
    directs: Number(directs.n),
  };
}

export const epoch = toEpochSeconds;
