import { fromBaseUnits } from '@fit24/contract';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import type { AssetRow } from '../../db/schema-funds.ts';
import { AppError, forbidden, notFound } from '../../http/app-error.ts';
import * as usersRepo from '../account/users.repository.ts';
import * as chainRepo from '../chain/chain.repository.ts';
import { chainHeight, devnetTxid } from '../chain/chain.ts';
import * as ledger from '../ledger/ledger.service.ts';
import { links, notify } from '../notifications/notifications.service.ts';
import { assetById, assetBySymbol, parseAmount } from './assets.service.ts';
import * as depositsRepo from './deposits.repository.ts';
import * as history from './history.ts';

/**
 * The user's deposit address for an asset's network: made on first use, the same ever after (an EVM
 * address is derived from the custody keys, so the record only follows it). 422 when the network has no
 * chain connected: no address is shown that nobody holds the key of.
 */
export async function depositAddress(
  ctx: AppContext,
  db: Database,
  userId: bigint,
  asset: Pick<AssetRow, 'network' | 'symbol' | 'contract_address'>,
): Promise<string> {
  const chain = ctx.chains.require(asset);
  return depositsRepo.ensureAddress(
    db,
    userId,
    asset.network,
    await chain.addressFor(userId),
    ctx.clock.now(),
  );
}

/** The devnet routes exist for development and tests: production refuses them, a real chain's asset too. */
function assertDevnet(ctx: AppContext, asset: AssetRow): void {
  if (ctx.config.nodeEnv === 'production')
    throw forbidden('The simulated chain (devnet) is refused in production.');
  const chain = ctx.chains.require(asset);
  if (chain.kind !== 'devnet') {
    throw new AppError(
      'UNPROCESSABLE',
      `${asset.symbol} runs on a real ${asset.network} node here: send it to the deposit address from a wallet.`,
    );
  }
}

/**
 * An incoming devnet transfer to a user's address, already `confirmations` deep (default: as many as
 * the asset needs, so it is credited at once). Later blocks bring the rest.
 */
export async function devnetDeposit(
  ctx: AppContext,
  input: { email_id: string; symbol: string; amount: string; confirmations?: number },
) {
  const asset = await assetBySymbol(ctx.db, input.symbol);
  assertDevnet(ctx, asset);
  const amount = parseAmount(asset, input.amount);
  const user = await usersRepo.findByEmail(ctx.db, input.email_id);
  if (!user) throw notFound('There is no user with this email.');
  if (!asset.deposit_enabled) throw new AppError('UNPROCESSABLE', `${asset.symbol} deposits are disabled.`);
  const confirmations = input.confirmations ?? asset.confirmations;
  const now = ctx.clock.now();
  const txid = devnetTxid(asset.network);
  const depositId = await ctx.db.transaction().execute(async (trx) => {
    const address = await depositAddress(ctx, trx, user.user_id, asset);
    const height = await chainHeight(trx, asset.network);
    const depositId = await depositsRepo.insert(trx, {
      user_id: user.user_id,
      asset_id: asset.asset_id,
      network: asset.network,
      txid,
      vout: 0,
      address,
      amount,
      block_height: height - BigInt(confirmations) + 1n,
      status: 'PENDING',
      created_at: now,
    });
    await history.record(trx, [
      {
        userId: user.user_id,
        assetId: asset.asset_id,
        type: 'DEPOSIT',
        amount,
        status: 'PENDING',
        address,
        txid,
        refType: 'deposit',
        refId: depositId,
        now,
      },
    ]);
    return depositId;
  });
  await creditConfirmedDeposits(ctx);
  return describeDeposit(ctx.db, depositId);
}

async function describeDeposit(db: Database, depositId: bigint) {
  const row = await depositsRepo.withConfirmations(db, depositId);
  const confirmations = row.height - row.block_height + 1n;
  return {
    deposit_id: Number(row.deposit_id),
    txid: row.txid,
    address: row.address,
    amount: fromBaseUnits(row.amount, row.decimals),
    confirmations: Number(confirmations < 0n ? 0n : confirmations),
    required_confirmations: row.confirmations,
    status: row.status,
  };
}

/**
 * Credits every deposit that has reached its asset's confirmations, exactly once: the status moves
 * PENDING → CREDITED by a guarded update in the same transaction as the ledger entry. A deposit of no user
 * (the exchange funding its own hot wallet) is booked to the treasury.
 */
export async function creditConfirmedDeposits(ctx: AppContext): Promise<number> {
  let credited = 0;
  for (const deposit_id of await depositsRepo.confirmedIds(ctx.db)) {
    const now = ctx.clock.now();
    credited += await ctx.db.transaction().execute(async (trx) => {
      const deposit = await depositsRepo.markCredited(trx, deposit_id, now);
      if (!deposit) return 0;
      const asset = await assetById(trx, deposit.asset_id);
      const userId = deposit.user_id;
      await ledger.post(trx, {
        kind: userId === null ? 'TREASURY_DEPOSIT' : 'DEPOSIT',
        refType: 'deposit',
        refId: deposit.deposit_id,
        now,
        legs: [
          {
            from: { system: 'chain' },
            to: userId === null ? { system: 'treasury' } : { userId, kind: 'available' },
            assetId: asset.asset_id,
            amount: deposit.amount,
          },
        ],
      });
      if (userId !== null) await tellCredited(trx, userId, deposit, asset, now);
      return 1;
    });
  }
  return credited;
}

async function tellCredited(
  trx: Database,
  userId: bigint,
  deposit: { deposit_id: bigint; txid: string; amount: bigint },
  asset: AssetRow,
  now: Date,
): Promise<void> {
  await history.updateStatus(
    trx,
    { refType: 'deposit', refId: deposit.deposit_id },
    { status: 'COMPLETED', txid: deposit.txid },
  );
  await notify(trx, userId, {
    type: 'DEPOSIT_CREDITED',
    params: { symbol: asset.symbol, amount: fromBaseUnits(deposit.amount, asset.decimals) },
    link: links.transaction('deposit', deposit.deposit_id),
    now,
  });
}

/** Mines `blocks` devnet blocks on every simulated network, then settles what they confirm. */
export async function mineBlocks(
  ctx: AppContext,
  blocks: number,
  settle: (ctx: AppContext) => Promise<void>,
): Promise<void> {
  if (ctx.config.nodeEnv === 'production')
    throw forbidden('The simulated chain (devnet) is refused in production.');
  await chainRepo.mineDevnet(ctx.db, ctx.chains.devnetNetworks(), blocks);
  await creditConfirmedDeposits(ctx);
  await settle(ctx);
}

export type { AssetRow };
