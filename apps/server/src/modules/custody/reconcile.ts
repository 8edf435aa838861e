import { fromBaseUnits, type TCustodyData } from '@fit24/contract';
import { type Address, erc20Abi, formatUnits } from 'viem';
import type { AppContext } from '../../context.ts';
import type { AssetRow } from '../../db/schema-funds.ts';
import { chainHeight } from '../chain/chain.ts';
import type { EvmChain } from '../chain/evm/evm-chain.ts';
import { chainAssets, scaleOf } from './assets.ts';
import * as repo from './reconcile.repository.ts';

/**
 * Reconciliation (`GET /ops/custody`, `npm run ops -- custody`): per asset, the chain's balances of the hot
 * wallet and every deposit address at the scanner's block, against what the ledger says is on chain plus
 * what is under way. The difference is zero when every coin is accounted for; the users' balances (the
 * liabilities) show beside it.
 */
export async function reconcile(ctx: AppContext, chain: EvmChain): Promise<TCustodyData['custody']> {
  const height = await chainHeight(ctx.db, chain.network);
  const assets = await chainAssets(ctx.db, chain);
  const addresses = (await repo.depositAddressesInUse(ctx.db, chain.network)) as Address[];
  const rows = [];
  for (const asset of [assets.native, ...assets.tokens]) {
    const native = asset === assets.native;
    const balance = (owner: Address) => balanceAt(chain, asset, native, owner, height);
    const hot = await balance(assets.hot);
    let deposits = 0n;
    for (const address of addresses) deposits += await balance(address);
    const scale = scaleOf(asset);
    const ledger = await repo.ledgerSide(ctx.db, asset.asset_id);
    const way = await repo.underWay(ctx.db, chain.network, asset.asset_id, scale, native, height);
    const expected = -ledger.chain * scale + way.pending + way.dust + way.inFlight - way.gas;
    const decimals = asset.chain_decimals ?? asset.decimals;
    const text = (raw: bigint) => formatUnits(raw, decimals);
    rows.push({
      symbol: asset.symbol,
      contract: asset.contract_address,
      hot_wallet: text(hot),
      deposit_addresses: text(deposits),
      on_chain: text(hot + deposits),
      expected: text(expected),
      pending_deposits: text(way.pending),
      in_flight: text(way.inFlight),
      dust: text(way.dust),
      difference: text(hot + deposits - expected),
      liabilities: fromBaseUnits(ledger.users, asset.decimals),
    });
  }
  const waiting = await repo.waitingWithdrawals(ctx.db);
  return {
    network: chain.network,
    chain_id: chain.config.chainId,
    hot_wallet: assets.hot,
    block: Number(height),
    confirmations: chain.config.confirmations,
    assets: rows,
    waiting: waiting.map((w) => ({
      withdrawal_id: Number(w.withdrawal_id),
      symbol: w.symbol,
      amount: fromBaseUnits(w.amount, w.decimals),
      reason: w.waiting_reason!,
    })),
  };
}

function balanceAt(chain: EvmChain, asset: AssetRow, native: boolean, owner: Address, height: bigint) {
  if (native) return chain.client.getBalance({ address: owner, blockNumber: height });
  return chain.client.readContract({
    address: asset.contract_address as Address,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
    blockNumber: height,
  });
}
