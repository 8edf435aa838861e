import { type PublicClient, parseGwei } from 'viem';

export interface Fees {
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

/** The least tip offered: some nodes report no tips at all in quiet blocks. */
const MIN_PRIORITY_FEE = parseGwei('1');

/**
 * EIP-1559 fees from `eth_feeHistory`: the tip is the median tip paid in the last five blocks (at least
 * 1 gwei); the cap is twice the next block's base fee plus the tip, which stays valid through six full
 * blocks of base-fee rises (12.5% each).
 */
export async function suggestFees(client: PublicClient): Promise<Fees> {
  const history = await client.getFeeHistory({ blockCount: 5, rewardPercentiles: [50], blockTag: 'latest' });
  const nextBase = history.baseFeePerGas.at(-1) ?? 0n;
  const tips = (history.reward ?? []).map((r) => r[0] ?? 0n).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const median = tips.length > 0 ? tips[Math.floor(tips.length / 2)]! : 0n;
  const maxPriorityFeePerGas = median > MIN_PRIORITY_FEE ? median : MIN_PRIORITY_FEE;
  return { maxPriorityFeePerGas, maxFeePerGas: nextBase * 2n + maxPriorityFeePerGas };
}

/**
 * Fees of a replacement: nodes take a transaction of the same nonce only at ≥ 10% more on both caps; it
 * offers 25% more than the stuck one, or today's fees when they are higher still.
 */
export function bumped(stuck: Fees, now: Fees): Fees {
  const up = (value: bigint) => (value * 125n + 99n) / 100n;
  const max = (a: bigint, b: bigint) => (a > b ? a : b);
  const maxPriorityFeePerGas = max(up(stuck.maxPriorityFeePerGas), now.maxPriorityFeePerGas);
  const maxFeePerGas = max(max(up(stuck.maxFeePerGas), now.maxFeePerGas), maxPriorityFeePerGas);
  return { maxFeePerGas, maxPriorityFeePerGas };
}
