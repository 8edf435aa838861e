import { type Address, erc20Abi, getAddress } from 'viem';
import type { AppContext } from '../../context.ts';
import type { AssetRow } from '../../db/schema-funds.ts';
import type { EvmChain } from '../chain/evm/evm-chain.ts';
import { type ChainAssets, chainAssets } from './assets.ts';
import * as repo from './custody.repository.ts';
import { type Fees, suggestFees } from './fees.ts';
import {
  ETHER_TRANSFER_GAS,
  estimateGas,
  type Movement,
  readHot,
  record,
  TOKEN_GAS_BOUND,
} from './sender.ts';

/**
 * Sweeps: credited deposits move from their deposit address to the hot wallet, one transaction per
 * address at a time. A token sweep needs ether for gas at the deposit address: the hot wallet sends what
 * is missing first (a `gas` transaction), and the sweep follows once that is mined. Ether is swept last,
 * all of it but the gas of its own transfer. Gas is booked when each transaction is final (finalizer.ts).
 */
export async function sweep(ctx: AppContext, chain: EvmChain): Promise<number> {
  const groups = await repo.unswept(ctx.db, chain.network);
  if (groups.length === 0) return 0;
  const assets = await chainAssets(ctx.db, chain);
  const fees = await suggestFees(chain.client);
  const byAddress = new Map<string, typeof groups>();
  for (const g of groups) byAddress.set(g.address, [...(byAddress.get(g.address) ?? []), g]);
  let planned = 0;
  for (const [address, list] of byAddress) {
    const from = getAddress(address);
    if (await repo.busy(ctx.db, from)) continue;
    if (await sweepAddress(ctx, chain, assets, fees, from, list)) planned++;
  }
  return planned;
}

type Group = Awaited<ReturnType<typeof repo.unswept>>[number];

async function sweepAddress(
  ctx: AppContext,
  chain: EvmChain,
  assets: ChainAssets,
  fees: Fees,
  from: Address,
  groups: Group[],
): Promise<boolean> {
  const userId = groups[0]!.user_id!;
  const ether = await chain.client.getBalance({ address: from });
  const tokens = groups.filter((g) => g.asset_id !== assets.native.asset_id);
  for (const group of tokens) {
    const asset = assets.tokens.find((t) => t.asset_id === group.asset_id);
    if (!asset) continue;
    const balance = await tokenBalance(chain, asset, from);
    const ids = group.ids.map(BigInt);
    if (balance === 0n) {
      await ctx.db.transaction().execute((trx) => repo.markSwept(trx, ids, 0n));
      continue;
    }
    const m: Movement = { asset, native: false, from, to: assets.hot, raw: balance };
    const gas = (await estimateGas(chain, m)) ?? TOKEN_GAS_BOUND;
    const gasCost = gas * fees.maxFeePerGas;
    if (ether < gasCost) return topUp(ctx, chain, assets, fees, from, gasCost - ether);
    return (await record(ctx, chain, { m, gas, fees, purpose: 'sweep', key: userId, sweeps: ids })) === true;
  }
  const native = groups.find((g) => g.asset_id === assets.native.asset_id);
  if (!native) return false;
  const ids = native.ids.map(BigInt);
  const value = ether - ETHER_TRANSFER_GAS * fees.maxFeePerGas;
  if (value <= 0n) {
    // Nothing left worth its gas (an earlier sweep took it with other funds): these are done.
    await ctx.db.transaction().execute((trx) => repo.markSwept(trx, ids, 0n));
    return false;
  }
  const m: Movement = { asset: assets.native, native: true, from, to: assets.hot, raw: value };
  return (
    (await record(ctx, chain, {
      m,
      gas: ETHER_TRANSFER_GAS,
      fees,
      purpose: 'sweep',
      key: userId,
      sweeps: ids,
    })) === true
  );
}

function tokenBalance(chain: EvmChain, asset: AssetRow, owner: Address): Promise<bigint> {
  return chain.client.readContract({
    address: asset.contract_address as Address,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
  });
}

/** The hot wallet sends a deposit address the ether its token sweep needs for gas. */
async function topUp(
  ctx: AppContext,
  chain: EvmChain,
  assets: ChainAssets,
  fees: Fees,
  to: Address,
  missing: bigint,
): Promise<boolean> {
  const m: Movement = { asset: assets.native, native: true, from: assets.hot, to, raw: missing };
  const hot = { assets, balances: await readHot(chain, assets, m) };
  const outcome = await record(ctx, chain, {
    m,
    gas: ETHER_TRANSFER_GAS,
    fees,
    purpose: 'gas',
    key: 'hot',
    hot,
  });
  if (typeof outcome === 'string')
    ctx.log.warn({ address: to, reason: outcome }, "no ether for a sweep's gas");
  return outcome === true;
}
