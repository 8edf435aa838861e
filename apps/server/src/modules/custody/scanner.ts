import { fromBaseUnits } from '@fit24/contract';
import { type Block, erc20Abi, getAddress, type Hash, type Transaction } from 'viem';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import type { EvmChain } from '../chain/evm/evm-chain.ts';
import * as history from '../funds/history.ts';
import { links, notify } from '../notifications/notifications.service.ts';
import { type ChainAssets, chainAssets, toUnits } from './assets.ts';
import * as repo from './custody.repository.ts';
import type { SeenDeposit } from './scan.repository.ts';
import * as scans from './scan.repository.ts';

/**
 * The deposit scanner: follows the chain block by block from where it stopped (a restart or a kill -9
 * resumes from the last block committed, and every deposit is recorded once by `(tx_hash, log_index)`),
 * reading ETH sent to the exchange's addresses and ERC-20 `Transfer` logs to them, and noticing its own
 * transactions in blocks. Blocks are remembered by hash: when the chain's block at a height is another,
 * what came from the orphaned blocks is dropped (deposits ORPHANED before they are credited; its own
 * transactions back to unmined) and the scan goes on from the fork.
 *
 * Each block is one database transaction, written after every network call for it is done.
 */

type FullBlock = Block<bigint, true, 'latest'>;

/** Scans up to `maxBlocks` new blocks; answers how many were read. */
export async function scan(ctx: AppContext, chain: EvmChain, maxBlocks = 100): Promise<number> {
  const latest = await chain.client.getBlockNumber();
  let at = await scans.cursor(ctx.db, chain.network);
  if (!at) at = await start(ctx, chain, latest);
  // The chain is shorter than what was read: blocks were dropped (or the node is a new chain).
  if (latest < at.height) at = await reorganise(ctx, chain, latest);
  let read = 0;
  while (at.height < latest && read < maxBlocks) {
    const block = (await chain.client.getBlock({
      blockNumber: at.height + 1n,
      includeTransactions: true,
    })) as FullBlock;
    if (block.parentHash.toLowerCase() !== at.hash.toLowerCase()) {
      at = await reorganise(ctx, chain, at.height);
      continue;
    }
    const next = await readBlock(ctx, chain, block);
    if (!next) return read; // another process moved the cursor: it scans
    at = next;
    read++;
  }
  return read;
}

/**
 * The first scan of a database: the block before the start is remembered, and the hot wallet's balances
 * there are booked as the treasury's opening deposits (so reconciliation counts what was funded before).
 */
async function start(ctx: AppContext, chain: EvmChain, latest: bigint): Promise<scans.StoredBlock> {
  const first = chain.config.startBlock ?? latest;
  const height = first > 0n ? first - 1n : 0n;
  const block = await chain.client.getBlock({ blockNumber: height });
  const assets = await chainAssets(ctx.db, chain);
  const openings = await openingBalances(chain, assets, height, block.hash);
  await ctx.db.transaction().execute(async (trx) => {
    await scans.anchor(trx, chain.network, { height, hash: block.hash, parentHash: block.parentHash });
    await scans.insertDeposits(trx, chain.network, openings, ctx.clock.now());
  });
  ctx.log.info({ network: chain.network, height: height.toString() }, 'custody scanner starts');
  return { height, hash: block.hash };
}

/** The hot wallet's balance of each asset at `height`, as treasury deposits (none where it holds nothing). */
export async function openingBalances(
  chain: EvmChain,
  assets: ChainAssets,
  height: bigint,
  blockHash: string,
  only?: number,
): Promise<SeenDeposit[]> {
  const seen: SeenDeposit[] = [];
  for (const asset of [assets.native, ...assets.tokens]) {
    if (only !== undefined && asset.asset_id !== only) continue;
    const raw =
      asset === assets.native
        ? await chain.client.getBalance({ address: assets.hot, blockNumber: height })
        : await chain.client.readContract({
            address: asset.contract_address as `0x${string}`,
            abi: erc20Abi,
            functionName: 'balanceOf',
            args: [assets.hot],
            blockNumber: height,
          });
    if (toUnits(asset, raw) === 0n) continue;
    seen.push({
      userId: null,
      assetId: asset.asset_id,
      txid: `opening:${asset.symbol}:${height}`,
      vout: 0,
      address: assets.hot,
      from: assets.hot,
      amount: toUnits(asset, raw),
      raw,
      height,
      blockHash,
    });
  }
  return seen;
}

/** Reads one block's deposits and the exchange's own transactions in it, then commits it. */
async function readBlock(
  ctx: AppContext,
  chain: EvmChain,
  block: FullBlock,
): Promise<scans.StoredBlock | null> {
  const assets = await chainAssets(ctx.db, chain);
  const transfers = [...nativeTransfers(block, assets), ...(await tokenTransfers(chain, block, assets))];
  const parties = [...new Set(transfers.flatMap((t) => [t.to, t.from]))];
  const own = await scans.ownAddresses(ctx.db, chain.network, parties);
  const hot = assets.hot.toLowerCase();
  const ours = (address: string) => own.has(address.toLowerCase()) || address.toLowerCase() === hot;
  // Incoming only: what the exchange moves between its own addresses (sweeps, gas) is not a deposit.
  const incoming = transfers.filter((t) => ours(t.to) && !ours(t.from) && toUnits(t.asset, t.value) > 0n);
  const succeeded = await succeededNative(chain, incoming);
  const deposits: SeenDeposit[] = incoming
    .filter((t) => t.vout >= 0 || succeeded.has(t.txid))
    .map((t) => ({
      userId: t.to.toLowerCase() === hot ? null : own.get(t.to.toLowerCase())!,
      assetId: t.asset.asset_id,
      txid: t.txid,
      vout: t.vout,
      // Checksummed, as the deposit address was given out: one spelling per address in the database.
      address: getAddress(t.to),
      from: getAddress(t.from),
      amount: toUnits(t.asset, t.value),
      raw: t.value,
      height: block.number,
      blockHash: block.hash,
    }));
  const mine = await repo.sentByHash(
    ctx.db,
    chain.network,
    block.transactions.map((tx) => tx.hash),
  );
  const receipts = await Promise.all(
    mine.map((tx) => chain.client.getTransactionReceipt({ hash: tx.tx_hash as Hash })),
  );
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const at = await scans.cursor(trx, chain.network, true);
    if (!at || at.height !== block.number - 1n || at.hash.toLowerCase() !== block.parentHash.toLowerCase())
      return null;
    await scans.advance(trx, chain.network, {
      height: block.number,
      hash: block.hash,
      parentHash: block.parentHash,
    });
    const inserted = await scans.insertDeposits(trx, chain.network, deposits, now);
    await recordPending(trx, inserted, now);
    for (const [i, tx] of mine.entries()) {
      const receipt = receipts[i]!;
      await repo.markIncluded(trx, tx.tx_id, {
        block: block.number,
        blockHash: block.hash,
        succeeded: receipt.status === 'success',
        gasUsed: receipt.gasUsed,
        price: receipt.effectiveGasPrice,
      });
    }
    return { height: block.number, hash: block.hash };
  });
}

interface Transfer {
  asset: ChainAssets['native'];
  txid: string;
  /** The log index of a token transfer; -1 for ether sent by the transaction itself. */
  vout: number;
  from: string;
  to: string;
  value: bigint;
}

function nativeTransfers(block: FullBlock, assets: ChainAssets): Transfer[] {
  return block.transactions
    .filter((tx: Transaction) => tx.to && tx.value > 0n)
    .map((tx) => ({
      asset: assets.native,
      txid: tx.hash,
      vout: -1,
      from: tx.from,
      to: tx.to!,
      value: tx.value,
    }));
}

async function tokenTransfers(chain: EvmChain, block: FullBlock, assets: ChainAssets): Promise<Transfer[]> {
  if (assets.tokens.length === 0) return [];
  const logs = await chain.client.getLogs({
    address: assets.tokens.map((t) => t.contract_address as `0x${string}`),
    event: erc20Abi.find((item) => item.type === 'event' && item.name === 'Transfer')!,
    blockHash: block.hash,
  });
  return logs.flatMap((log) => {
    const asset = assets.byContract.get(log.address.toLowerCase());
    if (!asset || !log.args.from || !log.args.to || log.args.value === undefined) return [];
    return [
      {
        asset,
        txid: log.transactionHash,
        vout: log.logIndex,
        from: log.args.from,
        to: log.args.to,
        value: log.args.value,
      },
    ];
  });
}

/** A failed transaction keeps its value in the block's list: only a successful one is a deposit. */
async function succeededNative(chain: EvmChain, incoming: Transfer[]): Promise<Set<string>> {
  const hashes = [...new Set(incoming.filter((t) => t.vout < 0).map((t) => t.txid))];
  const receipts = await Promise.all(
    hashes.map((hash) => chain.client.getTransactionReceipt({ hash: hash as Hash })),
  );
  return new Set(receipts.filter((r) => r.status === 'success').map((r) => r.transactionHash));
}

/** A new deposit shows in its user's history at once, PENDING with its confirmations. */
async function recordPending(
  trx: Database,
  inserted: Awaited<ReturnType<typeof scans.insertDeposits>>,
  now: Date,
): Promise<void> {
  const lines = inserted.flatMap((d) =>
    d.user_id === null
      ? []
      : [
          {
            userId: d.user_id,
            assetId: d.asset_id,
            type: 'DEPOSIT' as const,
            amount: d.amount,
            status: 'PENDING' as const,
            address: d.address,
            txid: d.txid,
            refType: 'deposit',
            refId: d.deposit_id,
            now,
          },
        ],
  );
  await history.record(trx, lines);
}

/**
 * The block at `height + 1` does not follow the one remembered at `height` (or the chain ends at `height`,
 * below what was read): walks back to the last height where the remembered block is still the chain's,
 * then forgets everything above it in one transaction.
 */
async function reorganise(ctx: AppContext, chain: EvmChain, height: bigint): Promise<scans.StoredBlock> {
  let fork = height;
  for (;;) {
    const stored = await scans.blockHash(ctx.db, chain.network, fork);
    const onChain = await chain.client.getBlock({ blockNumber: fork });
    if (stored === undefined || stored.toLowerCase() === onChain.hash.toLowerCase() || fork === 0n) {
      if (stored === undefined || stored.toLowerCase() !== onChain.hash.toLowerCase())
        await scans.anchor(ctx.db, chain.network, {
          height: fork,
          hash: onChain.hash,
          parentHash: onChain.parentHash,
        });
      break;
    }
    fork--;
  }
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    await scans.cursor(trx, chain.network, true);
    const deep = await scans.creditedAbove(trx, chain.network, fork);
    if (deep.length > 0)
      ctx.log.error(
        { network: chain.network, deposits: deep.map(String) },
        'credited deposits left the chain: check them',
      );
    const orphaned = await scans.orphanAbove(trx, chain.network, fork);
    await scans.rewind(trx, chain.network, fork);
    for (const d of orphaned) {
      await history.updateStatus(trx, { refType: 'deposit', refId: d.deposit_id }, { status: 'FAILED' });
      if (d.user_id === null) continue;
      const asset = await trx
        .selectFrom('assets')
        .selectAll()
        .where('asset_id', '=', d.asset_id)
        .executeTakeFirstOrThrow();
      await notify(trx, d.user_id, {
        type: 'DEPOSIT_DROPPED',
        params: { symbol: asset.symbol, amount: fromBaseUnits(d.amount, asset.decimals) },
        link: links.transaction('deposit', d.deposit_id),
        now,
      });
    }
  });
  ctx.log.warn(
    { network: chain.network, from: height.toString(), to: fork.toString() },
    'chain reorganisation',
  );
  const hash = (await scans.blockHash(ctx.db, chain.network, fork))!;
  return { height: fork, hash };
}
