import { fromBaseUnits } from '@fit24/contract';
import { type Address, encodeFunctionData, erc20Abi, getAddress, type Hex, keccak256 } from 'viem';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import type { AssetRow, EvmTransactionRow } from '../../db/schema-funds.ts';
import type { EvmChain } from '../chain/evm/evm-chain.ts';
import type { KeyIndex } from '../chain/evm/hd-wallet.ts';
import { assetById } from '../funds/assets.service.ts';
import * as history from '../funds/history.ts';
import { markFailed, markSent } from '../funds/withdrawal-steps.ts';
import * as withdrawalsRepo from '../funds/withdrawals.repository.ts';
import { type ChainAssets, chainAssets, scaleOf } from './assets.ts';
import * as repo from './custody.repository.ts';
import { bumped, type Fees, suggestFees } from './fees.ts';

/**
 * The sender: every transaction the exchange makes goes through three steps, so that no nonce is used
 * twice or skipped, by two processes or across a kill -9:
 *   1. prepare — in one transaction, the nonce is taken (evm_nonces) and the transaction recorded PREPARED
 *      with everything needed to sign it;
 *   2. sign    — outside any database transaction (the signer may be a remote service), then recorded
 *      SENT with its hash and bytes; a withdrawal moves to BROADCAST and its funds leave the ledger here;
 *   3. send    — the bytes go to the node, again every few seconds until the scanner sees them in a block
 *      (a restart sends them again; "already known" is fine).
 * A transaction not mined after EVM_REPLACE_AFTER_SECONDS gets a new attempt with the same nonce and 25%
 * higher fees; whichever attempt is mined is the one that counts.
 */

/** Gas a token transfer is assumed to need before it is estimated (checks of the hot wallet's ether). */
export const TOKEN_GAS_BOUND = 100_000n;
export const ETHER_TRANSFER_GAS = 21_000n;

/** How much more gas than estimated a contract call may use. */
const withMargin = (gas: bigint) => (gas * 125n) / 100n;

export const keyIndex = (text: string): KeyIndex => (text === 'hot' ? 'hot' : BigInt(text));

/** Where and what to send: ether to `to`, or a token's `transfer(to, amount)` to its contract. */
export interface Movement {
  asset: AssetRow;
  native: boolean;
  from: Address;
  to: Address;
  raw: bigint;
}

export function callOf(m: Movement): { to: Address; value: bigint; data?: Hex } {
  if (m.native) return { to: m.to, value: m.raw };
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [m.to, m.raw] });
  return { to: m.asset.contract_address as Address, value: 0n, data };
}

/** The gas a movement needs, as the node estimates it; null when the node says it would fail. */
export async function estimateGas(chain: EvmChain, m: Movement): Promise<bigint | null> {
  const call = callOf(m);
  if (m.native) {
    const code = await chain.client.getCode({ address: m.to });
    if (!code || code === '0x') return ETHER_TRANSFER_GAS;
  }
  try {
    return withMargin(await chain.client.estimateGas({ account: m.from, ...call }));
  } catch {
    return null;
  }
}

/** The hot wallet's balances at one block: ether, and the token a movement takes. */
export interface HotBalances {
  block: bigint;
  ether: bigint;
  token: bigint;
}

export async function readHot(chain: EvmChain, assets: ChainAssets, m: Movement): Promise<HotBalances> {
  const block = await chain.client.getBlockNumber();
  const ether = await chain.client.getBalance({ address: assets.hot, blockNumber: block });
  const token = m.native
    ? 0n
    : await chain.client.readContract({
        address: m.asset.contract_address as Address,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [assets.hot],
        blockNumber: block,
      });
  return { block, ether, token };
}

/**
 * What the hot wallet lacks for a movement, in words; null when it has enough beside everything else it is
 * sending. Run inside the transaction that takes the sender's nonce: that row lock makes the preparers of
 * one wallet check one after the other, each seeing what the ones before it recorded.
 */
export async function hotShortfall(
  trx: Database,
  assets: ChainAssets,
  m: Movement,
  gasLimit: bigint,
  fees: Fees,
  hot: HotBalances,
): Promise<string | null> {
  const gas = gasLimit * fees.maxFeePerGas;
  const etherOut = await repo.outflowAfter(trx, assets.hot, assets.native.asset_id, hot.block);
  const ether = hot.ether - etherOut.amount - etherOut.gas;
  const words = (asset: AssetRow, raw: bigint) =>
    `${fromBaseUnits((raw < 0n ? 0n : raw) / scaleOf(asset), asset.decimals)} ${asset.symbol}`;
  if (m.native && ether < m.raw + gas)
    return `The hot wallet holds ${words(m.asset, ether)} free; this needs ${words(m.asset, m.raw + gas)} with gas.`;
  if (m.native) return null;
  const out = await repo.outflowAfter(trx, assets.hot, m.asset.asset_id, hot.block);
  if (hot.token - out.amount < m.raw)
    return `The hot wallet holds ${words(m.asset, hot.token - out.amount)} free; this needs ${words(m.asset, m.raw)}.`;
  if (ether < gas)
    return `The hot wallet holds too little ${assets.native.symbol} for gas (${words(assets.native, ether)}).`;
  return null;
}

/** Step 1 for approved withdrawals: a nonce and a PREPARED transaction each, or a reason to wait. */
export async function prepareWithdrawals(ctx: AppContext, chain: EvmChain): Promise<number> {
  const assets = await chainAssets(ctx.db, chain);
  const all = [assets.native, ...assets.tokens];
  const waiting = await repo.unsentWithdrawals(
    ctx.db,
    all.map((a) => a.asset_id),
  );
  if (waiting.length === 0) return 0;
  const fees = await suggestFees(chain.client);
  let prepared = 0;
  for (const w of waiting) {
    const asset = all.find((a) => a.asset_id === w.asset_id)!;
    const m: Movement = {
      asset,
      native: asset === assets.native,
      from: assets.hot,
      to: getAddress(w.address),
      raw: w.amount * scaleOf(asset),
    };
    const hot = { assets, balances: await readHot(chain, assets, m) };
    // A first look with the most gas a transfer may take: a short wallet is not asked to estimate.
    const bound = m.native ? ETHER_TRANSFER_GAS : TOKEN_GAS_BOUND;
    let outcome: Recorded = await hotShortfall(ctx.db, assets, m, bound, fees, hot.balances);
    if (outcome === null) {
      const gas = await estimateGas(chain, m);
      if (gas === null) {
        await refuse(ctx, w.withdrawal_id, asset);
        continue;
      }
      outcome = await record(ctx, chain, {
        m,
        gas,
        fees,
        purpose: 'withdrawal',
        withdrawalId: w.withdrawal_id,
        key: 'hot',
        hot,
      });
    }
    if (outcome === true) prepared++;
    else if (typeof outcome === 'string' && (await repo.setWaiting(ctx.db, w.withdrawal_id, outcome)))
      ctx.log.warn(
        { withdrawal: String(w.withdrawal_id), reason: outcome },
        'withdrawal waits for the hot wallet',
      );
  }
  return prepared;
}

/** The node says the transfer would fail (a token refusing it): the withdrawal fails, its funds come back. */
async function refuse(ctx: AppContext, withdrawalId: bigint, asset: AssetRow): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const row = await repo.lockUnsent(trx, withdrawalId);
    if (!row) return;
    const reason = `The ${asset.symbol} transfer would fail on the network (the node refused it); nothing was sent.`;
    await markFailed(trx, row, asset, 'PROCESSING', { txid: null, reason }, now);
  });
}

export interface Planned {
  m: Movement;
  gas: bigint;
  fees: Fees;
  purpose: EvmTransactionRow['purpose'];
  withdrawalId?: bigint;
  key: KeyIndex;
  /** Deposits this sweep moves (marked in the same transaction). */
  sweeps?: bigint[];
  /** A transaction of the hot wallet: its balances, checked again under the nonce's lock. */
  hot?: { assets: ChainAssets; balances: HotBalances };
}

/** true: recorded; false: the withdrawal moved on meanwhile; a string: what the hot wallet lacks. */
export type Recorded = boolean | string | null;

class Short extends Error {}

/**
 * Records a PREPARED transaction with the sender's next nonce. Taking the nonce locks the sender's row, so
 * the hot wallet's funds are checked again there, after every transaction recorded before; when short,
 * the transaction rolls back and no nonce is used.
 */
export async function record(ctx: AppContext, chain: EvmChain, p: Planned): Promise<Recorded> {
  const chainCount = BigInt(
    await chain.client.getTransactionCount({ address: p.m.from, blockTag: 'pending' }),
  );
  const now = ctx.clock.now();
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      if (p.withdrawalId !== undefined && !(await repo.lockUnsent(trx, p.withdrawalId))) return false;
      const nonce = await repo.takeNonce(trx, p.m.from, chainCount);
      if (p.hot) {
        const short = await hotShortfall(trx, p.hot.assets, p.m, p.gas, p.fees, p.hot.balances);
        if (short) throw new Short(short);
      }
      const tx = await repo.insertTx(trx, {
        network: chain.network,
        purpose: p.purpose,
        withdrawal_id: p.withdrawalId ?? null,
        asset_id: p.m.asset.asset_id,
        key_index: String(p.key),
        from_address: p.m.from,
        to_address: p.m.to,
        contract_address: p.m.native ? null : p.m.asset.contract_address,
        amount_raw: p.m.raw.toString(),
        nonce,
        gas_limit: p.gas,
        max_fee_per_gas: p.fees.maxFeePerGas.toString(),
        max_priority_fee_per_gas: p.fees.maxPriorityFeePerGas.toString(),
        status: 'PREPARED',
        created_at: now,
        updated_at: now,
      });
      if (p.withdrawalId !== undefined) await repo.setWaiting(trx, p.withdrawalId, null);
      if (p.sweeps?.length) await repo.markSwept(trx, p.sweeps, tx.tx_id);
      return true;
    });
  } catch (error) {
    if (error instanceof Short) return error.message;
    throw error;
  }
}

/** Step 2: signs every PREPARED transaction (lowest nonce first) and records it SENT; then step 3. */
export async function signPrepared(ctx: AppContext, chain: EvmChain): Promise<number> {
  let signed = 0;
  for (const row of await repo.byStatus(ctx.db, chain.network, 'PREPARED')) {
    const movement = {
      native: row.contract_address === null,
      to: getAddress(row.to_address),
      raw: BigInt(row.amount_raw),
    };
    const call = callOf({
      ...movement,
      asset: { contract_address: row.contract_address } as AssetRow,
      from: getAddress(row.from_address),
    });
    const raw = await chain.sign(keyIndex(row.key_index), {
      ...call,
      nonce: Number(row.nonce),
      gas: row.gas_limit,
      maxFeePerGas: BigInt(row.max_fee_per_gas),
      maxPriorityFeePerGas: BigInt(row.max_priority_fee_per_gas),
    });
    const hash = keccak256(raw);
    const now = ctx.clock.now();
    const sent = await ctx.db.transaction().execute(async (trx) => {
      const moved = await repo.moveTx(trx, row.tx_id, 'PREPARED', {
        status: 'SENT',
        tx_hash: hash,
        raw_tx: raw,
        sent_at: now,
        updated_at: now,
      });
      if (!moved) return false;
      if (row.withdrawal_id !== null) await withdrawalSent(trx, row.withdrawal_id, hash, now);
      return true;
    });
    if (!sent) continue;
    signed++;
    await send(ctx, chain, row.tx_id, raw);
  }
  return signed;
}

/** A withdrawal's first transaction moves it to BROADCAST (funds leave); a replacement only renames it. */
async function withdrawalSent(
  trx: Parameters<typeof markSent>[0],
  withdrawalId: bigint,
  hash: string,
  now: Date,
) {
  const w = await withdrawalsRepo.lockById(trx, withdrawalId);
  if (!w) return;
  const asset = await assetById(trx, w.asset_id);
  if (w.status === 'PROCESSING') {
    await markSent(trx, w, asset, 'PROCESSING', { txid: hash, height: null }, now);
  } else if (w.status === 'BROADCAST') {
    await trx
      .updateTable('withdrawals')
      .set({ txid: hash, updated_at: now })
      .where('withdrawal_id', '=', withdrawalId)
      .execute();
    await history.updateStatus(
      trx,
      { refType: 'withdrawal', refId: withdrawalId },
      { status: 'BROADCAST', txid: hash },
    );
  }
}

/** When each transaction was last handed to the node, so a quiet one is sent again now and then. */
const lastSent = new Map<bigint, number>();
const RESEND_MS = 12_000;

async function send(ctx: AppContext, chain: EvmChain, txId: bigint, raw: Hex): Promise<void> {
  lastSent.set(txId, Date.now());
  try {
    await chain.client.sendRawTransaction({ serializedTransaction: raw });
  } catch (error) {
    const text = String((error as Error).message ?? error).toLowerCase();
    // Already there, already mined or replaced: the scanner will tell which.
    if (/already known|nonce too low|known transaction|replacement transaction underpriced/.test(text))
      return;
    ctx.log.warn(
      { tx: String(txId), err: (error as Error).message?.split('\n')[0] },
      'sending a transaction failed',
    );
  }
}

/** Step 3 again: unmined transactions go to the node once more (after a restart, a dropped mempool). */
export async function resendUnmined(ctx: AppContext, chain: EvmChain): Promise<void> {
  for (const row of await repo.byStatus(ctx.db, chain.network, 'SENT')) {
    if (row.block_number !== null || row.replaced_by !== null || !row.raw_tx) continue;
    if (Date.now() - (lastSent.get(row.tx_id) ?? 0) < RESEND_MS) continue;
    await send(ctx, chain, row.tx_id, row.raw_tx as Hex);
  }
}

/** A transaction not in a block after EVM_REPLACE_AFTER_SECONDS gets a new attempt: same nonce, higher fees. */
export async function replaceStuck(ctx: AppContext, chain: EvmChain): Promise<number> {
  const now = ctx.clock.now();
  const limit = now.getTime() - chain.config.replaceAfterSeconds * 1000;
  const stuck = (await repo.byStatus(ctx.db, chain.network, 'SENT')).filter(
    (row) =>
      row.block_number === null && row.replaced_by === null && row.sent_at && row.sent_at.getTime() <= limit,
  );
  if (stuck.length === 0) return 0;
  const today = await suggestFees(chain.client);
  let replaced = 0;
  for (const row of stuck) {
    const fees = bumped(
      {
        maxFeePerGas: BigInt(row.max_fee_per_gas),
        maxPriorityFeePerGas: BigInt(row.max_priority_fee_per_gas),
      },
      today,
    );
    const done = await ctx.db.transaction().execute(async (trx) => {
      const again = await repo.lockSent(trx, row.tx_id);
      if (!again || again.block_number !== null || again.replaced_by !== null) return false;
      const { tx_id: _id, tx_hash: _h, raw_tx: _r, sent_at: _s, ...copy } = again;
      const next = await repo.insertTx(trx, {
        ...copy,
        status: 'PREPARED',
        max_fee_per_gas: fees.maxFeePerGas.toString(),
        max_priority_fee_per_gas: fees.maxPriorityFeePerGas.toString(),
        created_at: now,
        updated_at: now,
      });
      await repo.moveTx(trx, row.tx_id, 'SENT', { replaced_by: next.tx_id, updated_at: now });
      return true;
    });
    if (done) {
      replaced++;
      ctx.log.warn(
        { tx: String(row.tx_id), nonce: String(row.nonce) },
        'transaction not mined in time: replaced with higher fees',
      );
    }
  }
  return replaced;
}
