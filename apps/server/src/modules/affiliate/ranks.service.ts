import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { links, notifyAll } from '../notifications/notifications.service.ts';
import * as affiliatesRepo from './affiliate.repository.ts';
import { fit } from './affiliate.service.ts';
import * as network from './network.repository.ts';
import { payFromPool } from './pool.ts';
import type { RankRow } from './ranks.repository.ts';
import * as ranksRepo from './ranks.repository.ts';
import * as transactionsRepo from './transactions.repository.ts';

/**
 * Awards every rank an affiliate now qualifies for (team business and number of directs) and has not
 * reached yet, each once, paying its reward from the pool. A rank the pool cannot pay yet waits for
 * the next check. Reads and writes are set-based: a daily run checks every affiliate at once.
 */
export async function checkRanks(
  ctx: AppContext,
  trx: Database,
  affiliateIds: bigint[],
  fitAssetId: number,
): Promise<void> {
  if (affiliateIds.length === 0) return;
  const ranks = await ranksRepo.list(trx);
  if (ranks.length === 0) return;
  const [reached, totals] = await Promise.all([
    ranksRepo.reachedByAll(trx, affiliateIds),
    network.teamTotals(trx, affiliateIds),
  ]);
  for (const rank of ranks) {
    const due = affiliateIds.filter((id) => {
      const { business, directs } = totals.get(id)!;
      return (
        !reached.get(id)?.has(rank.rank_id) &&
        business >= rank.required_business &&
        directs >= rank.required_directs
      );
    });
    if (due.length > 0) await awardRank(ctx, trx, rank, due, fitAssetId);
  }
}

/**
 * Claims the rank for everyone who reached it (once each, however many checks run at once) and pays the
 * claimed their reward in one journal entry; or gives the claims back when the pool is short.
 */
async function awardRank(
  ctx: AppContext,
  trx: Database,
  rank: RankRow,
  affiliateIds: bigint[],
  fitAssetId: number,
): Promise<void> {
  const now = ctx.clock.now();
  const claimed = await ranksRepo.claimReached(trx, affiliateIds, rank.rank_id, now);
  if (claimed.length === 0) return;
  const userIds = await affiliatesRepo.userIdsOf(trx, claimed);
  const owners = claimed.map((affiliateId) => ({ affiliateId, userId: userIds.get(affiliateId)! }));
  const paid = await payFromPool(trx, {
    fitAssetId,
    now,
    kind: 'RANK_REWARD',
    refType: 'rank',
    refId: BigInt(rank.rank_id),
    payouts: owners.map((o) => ({ userId: o.userId, amount: rank.reward })),
  });
  if (!paid) {
    await ranksRepo.releaseReached(trx, claimed, rank.rank_id);
    ctx.log.error(
      { affiliates: claimed.length, rank: rank.name },
      'rewards pool cannot pay a rank reward: fund the pool',
    );
    return;
  }
  if (rank.reward > 0n) {
    const note = `Rank reward: ${rank.name}`;
    await transactionsRepo.insertMany(
      trx,
      owners.map((o) => ({
        affiliateId: o.affiliateId,
        type: 'REWARD' as const,
        source: 'RANK' as const,
        amount: rank.reward,
        note,
        rewardDay: null,
        now,
      })),
    );
  }
  await notifyAll(
    trx,
    owners.map((o) => ({
      userId: o.userId,
      type: 'RANK_REACHED' as const,
      params: { rank: rank.name, reward: rank.reward > 0n ? fit(rank.reward) : null },
      link: links.ranks,
      now,
    })),
  );
}

const rankToAnswer = (r: RankRow) => ({
  rank_id: r.rank_id,
  name: r.name,
  required_business: fit(r.required_business),
  required_directs: r.required_directs,
  reward: fit(r.reward),
});

export async function listRanks(db: Database, affiliateId: bigint) {
  const [ranks, reached, team, directs] = await Promise.all([
    ranksRepo.list(db),
    ranksRepo.reachedBy(db, affiliateId),
    network.team(db, affiliateId),
    network.countDirects(db, affiliateId),
  ]);
  const achieved = new Set(reached.map((r) => r.rank_id));
  const current = ranks.filter((r) => achieved.has(r.rank_id)).at(-1);
  return {
    ranks: ranks.map((r) => ({
      ...rankToAnswer(r),
      achieved: achieved.has(r.rank_id) ? (1 as const) : (0 as const),
    })),
    current_rank_id: current?.rank_id ?? null,
    business: fit(team.business),
    directs,
  };
}

/** The operator creates a rank, or updates the one of that name. Amounts are FIT24 base units. */
export async function saveRank(
  db: Database,
  rank: { name: string; required_business: bigint; required_directs: number; reward: bigint },
) {
  return { rank: rankToAnswer(await ranksRepo.upsert(db, rank)) };
}
