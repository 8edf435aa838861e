import { fitUnits } from './fit-amount.ts';
import { formatHundredths } from './stake-math.ts';

export interface RankStep {
  rank_id: number;
  name: string;
  required_business: string;
  required_directs: number;
  achieved: 0 | 1;
}

/** The rank to work towards: the cheapest one not reached yet (by business, then directs), or null. */
export function nextRank<R extends RankStep>(ranks: readonly R[]): R | null {
  const open = ranks.filter((rank) => rank.achieved !== 1);
  open.sort((x, y) => {
    const diff = fitUnits(x.required_business) - fitUnits(y.required_business);
    if (diff !== 0n) return diff < 0n ? -1 : 1;
    return x.required_directs - y.required_directs;
  });
  return open[0] ?? null;
}

/** Share of a requirement met, as "37.50" percent, rounded down, capped at 100; nothing required is 100. */
export function shareOf(have: bigint, need: bigint): string {
  if (need <= 0n) return '100.00';
  if (have <= 0n) return '0.00';
  const hundredths = (have * 10_000n) / need;
  return formatHundredths(hundredths > 10_000n ? 10_000n : hundredths);
}

/** Progress towards a rank: team business (FIT24) and direct partners. */
export function rankProgress(rank: RankStep, business: string, directs: number) {
  return {
    business: shareOf(fitUnits(business), fitUnits(rank.required_business)),
    directs: shareOf(BigInt(Math.max(0, directs)), BigInt(rank.required_directs)),
  };
}
