import { erc20Abi, getAddress } from 'viem';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import type { EvmChain } from '../chain/evm/evm-chain.ts';
import { isEvmChain } from '../chain/evm/evm-chain.ts';
import { assetBySymbol } from '../funds/assets.service.ts';
import { creditConfirmedDeposits } from '../funds/deposits.service.ts';
import { chainAssets } from './assets.ts';
import { finalize } from './finalizer.ts';
import * as repo from './scan.repository.ts';
import { openingBalances, scan } from './scanner.ts';
import { prepareWithdrawals, replaceStuck, resendUnmined, signPrepared } from './sender.ts';
import { sweep } from './sweeper.ts';

/**
 * Custody of an EVM chain's assets: one loop every EVM_POLL_MS — scan new blocks, credit deposits deep
 * enough, make final what is deep enough, prepare approved withdrawals and sweeps, replace what is stuck,
 * sign and send. Every step is safe to run in several processes at once (row locks and guarded updates).
 */
export interface Custody {
  /** One pass of the loop, now (tests); rejects when the pass failed. */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

export async function startCustody(ctx: AppContext, chain: EvmChain): Promise<Custody> {
  await configureAssets(ctx, chain);
  let ready = false;
  let running: Promise<void> | null = null;
  let failures = 0;
  const pass = async () => {
    if (!ready) {
      await prepareChain(ctx, chain);
      ready = true;
    }
    await scan(ctx, chain);
    await creditConfirmedDeposits(ctx);
    await finalize(ctx, chain);
    await prepareWithdrawals(ctx, chain);
    await sweep(ctx, chain);
    await replaceStuck(ctx, chain);
    await signPrepared(ctx, chain);
    await resendUnmined(ctx, chain);
  };
  /** One pass at a time: a call while one runs shares it. A failure rejects the caller's promise. */
  const tick = () => {
    running ??= pass().finally(() => {
      running = null;
    });
    return running;
  };
  const onTimer = () =>
    tick().then(
      () => {
        failures = 0;
      },
      (error: unknown) => {
        // One line per outage, not per poll: the node may be down for a while.
        if (failures++ % 30 === 0)
          ctx.log.error(
            { err: (error as Error).message?.split('\n')[0] },
            'custody pass failed (the EVM node?)',
          );
      },
    );
  const timer = setInterval(() => void onTimer(), chain.config.pollMs);
  timer.unref();
  return {
    tick,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

/** At start, before the node is asked anything: the chain's coin, and every asset of it waits EVM_CONFIRMATIONS. */
async function configureAssets(ctx: AppContext, chain: EvmChain): Promise<void> {
  await ctx.db
    .updateTable('assets')
    .set({ chain_decimals: 18, contract_address: null })
    .where('symbol', '=', chain.config.nativeSymbol)
    .where('network', '=', chain.network)
    .execute();
  await ctx.db
    .updateTable('assets')
    .set({ confirmations: chain.config.confirmations })
    .where('network', '=', chain.network)
    .execute();
}

/**
 * Before the first pass: the node must be the chain configured (a wrong EVM_CHAIN_ID signs nothing), and
 * each token in EVM_TOKENS is set on its asset (decimals read from the contract).
 */
async function prepareChain(ctx: AppContext, chain: EvmChain): Promise<void> {
  const id = await chain.client.getChainId();
  if (id !== chain.config.chainId)
    throw new Error(
      `The node at EVM_RPC_URL is chain ${id}, not EVM_CHAIN_ID ${chain.config.chainId}: nothing is sent.`,
    );
  for (const [symbol, contract] of Object.entries(chain.config.tokens))
    await setToken(ctx, chain, symbol, contract);
}

/**
 * An ERC-20 asset's contract (from EVM_TOKENS at start, or an operator's call): its decimals are read from
 * the chain. When it changes on a chain already scanned, the hot wallet's balance of the token there is
 * booked as the treasury's opening deposit, as at the first scan.
 */
export async function setToken(ctx: AppContext, chain: EvmChain, symbol: string, contract: string) {
  const asset = await assetBySymbol(ctx.db, symbol);
  if (asset.network !== chain.network)
    throw new AppError('UNPROCESSABLE', `${asset.symbol} is on ${asset.network}, not ${chain.network}.`);
  if (asset.symbol === chain.config.nativeSymbol)
    throw new AppError('UNPROCESSABLE', `${asset.symbol} is the chain's own coin: it has no contract.`);
  const address = getAddress(contract);
  let decimals: number;
  try {
    decimals = await chain.client.readContract({ address, abi: erc20Abi, functionName: 'decimals' });
  } catch {
    throw new AppError('UNPROCESSABLE', `There is no ERC-20 token at ${address} on this chain.`);
  }
  if (decimals < asset.decimals)
    throw new AppError(
      'UNPROCESSABLE',
      `The token has ${decimals} decimals, fewer than ${asset.symbol}'s ${asset.decimals}.`,
    );
  const changed = asset.contract_address?.toLowerCase() !== address.toLowerCase();
  await ctx.db
    .updateTable('assets')
    .set({ contract_address: address, chain_decimals: decimals })
    .where('asset_id', '=', asset.asset_id)
    .execute();
  const at = await repo.cursor(ctx.db, chain.network);
  if (changed && at) {
    const assets = await chainAssets(ctx.db, chain);
    const openings = await openingBalances(chain, assets, at.height, at.hash, asset.asset_id);
    await repo.insertDeposits(ctx.db, chain.network, openings, ctx.clock.now());
  }
  return { symbol: asset.symbol, contract: address, chain_decimals: decimals };
}

/** The chain of an asset network for operator calls; 422 when it is not a real EVM node here. */
export function evmChainOf(ctx: AppContext, network = 'ethereum'): EvmChain {
  const chain = ctx.chains.get(network);
  if (!isEvmChain(chain))
    throw new AppError(
      'UNPROCESSABLE',
      'No EVM node is connected (set EVM_RPC_URL): custody runs on the devnet.',
    );
  return chain;
}
