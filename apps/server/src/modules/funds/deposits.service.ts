import { randomBytes } from 'node:crypto';
import { fromBaseUnits } from '@fit24/contract';
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import type { AssetRow } from '../../db/schema-funds.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import * as usersRepo from '../account/users.repository.ts';
import { chainFor, devnetHeight } from '../chain/chain.ts';
import * as ledger from '../ledger/ledger.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { assetBySymbol, parseAmount } from './assets.service.ts';
import * as history from './history.ts';

/** The user's deposit address on a network: made on first use, the same ever after. */
export async function depositAddress(
  db: Database,
  now: Date,
  userId: bigint,
  network: string,
): Promise<string> {
  const address = chainFor(network).addressFor(userId);
  await db
    .insertInto('deposit_addresses')
    .values({ user_id: userId, network, address, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'network']).doNothing())
    .execute();
  const row = await db
    .selectFrom('deposit_addresses')
    .select('address')
    .where('user_id', '=', userId)
    .where('network', '=', network)
    .executeTakeFirstOrThrow();
  return row.address;
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
  const amount = parseAmount(asset, input.amount);
  const user = await usersRepo.findByEmail(ctx.db, input.email_id);
  if (!user) throw notFound('There is no user with this email.');
  if (!asset.deposit_enabled) throw new AppError('UNPROCESSABLE', `${asset.symbol} deposits are disabled.`);
  const confirmations = input.confirmations ?? asset.confirmations;
  const now = ctx.clock.now();
  const depositId = await ctx.db.transaction().execute(async (trx) => {
    const address = await depositAddress(trx, now, user.user_id, asset.network);
    const height = await devnetHeight(trx, asset.network);
    const row = await trx
      .insertInto('deposits')
      .values({
        user_id: user.user_id,
        asset_id: asset.asset_id,
        network: asset.network,
        txid: randomBytes(32).toString('hex'),
        vout: 0,
        address,
        amount,
        block_height: height - BigInt(confirmations) + 1n,
        status: 'PENDING',
        created_at: now,
      })
      .returning('deposit_id')
      .executeTakeFirstOrThrow();
    await history.record(trx, [
      {
        userId: user.user_id,
        assetId: asset.asset_id,
        type: 'DEPOSIT',
        amount,
        status: 'PENDING',
        address,
        refType: 'deposit',
        refId: row.deposit_id,
        now,
      },
    ]);
    return row.deposit_id;
  });
  await creditConfirmedDeposits(ctx);
  return describeDeposit(ctx.db, depositId);
}

async function describeDeposit(db: Database, depositId: bigint) {
  const row = await db
    .selectFrom('deposits')
    .innerJoin('assets', 'assets.asset_id', 'deposits.asset_id')
    .innerJoin('devnet_chain', 'devnet_chain.network', 'deposits.network')
    .select([
      'deposits.deposit_id',
      'deposits.txid',
      'deposits.address',
      'deposits.amount',
      'deposits.status',
      'deposits.block_height',
      'assets.decimals',
      'assets.confirmations',
      'devnet_chain.height',
    ])
    .where('deposit_id', '=', depositId)
    .executeTakeFirstOrThrow();
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
 * PENDING → CREDITED by a guarded update in the same transaction as the ledger entry.
 */
export async function creditConfirmedDeposits(ctx: AppContext): Promise<number> {
  const ready = await ctx.db
    .selectFrom('deposits')
    .innerJoin('assets', 'assets.asset_id', 'deposits.asset_id')
    .innerJoin('devnet_chain', 'devnet_chain.network', 'deposits.network')
    .select(['deposits.deposit_id'])
    .where('deposits.status', '=', 'PENDING')
    .where(sql<boolean>`devnet_chain.height - deposits.block_height + 1 >= assets.confirmations`)
    .execute();
  let credited = 0;
  for (const { deposit_id } of ready) {
    const now = ctx.clock.now();
    credited += await ctx.db.transaction().execute(async (trx) => {
      const deposit = await trx
        .updateTable('deposits')
        .set({ status: 'CREDITED', credited_at: now })
        .where('deposit_id', '=', deposit_id)
        .where('status', '=', 'PENDING')
        .returningAll()
        .executeTakeFirst();
      if (!deposit) return 0;
      const asset = await trx
        .selectFrom('assets')
        .selectAll()
        .where('asset_id', '=', deposit.asset_id)
        .executeTakeFirstOrThrow();
      await ledger.post(trx, {
        kind: 'DEPOSIT',
        refType: 'deposit',
        refId: deposit.deposit_id,
        now,
        legs: [
          {
            from: { system: 'chain' },
            to: { userId: deposit.user_id, kind: 'available' },
            assetId: asset.asset_id,
            amount: deposit.amount,
          },
        ],
      });
      await history.updateStatus(
        trx,
        { refType: 'deposit', refId: deposit.deposit_id },
        { status: 'COMPLETED', txid: deposit.txid },
      );
      await notify(trx, deposit.user_id, {
        type: 'DEPOSIT_CREDITED',
        title: `${asset.symbol} deposit received`,
        body: `${fromBaseUnits(deposit.amount, asset.decimals)} ${asset.symbol} was credited to your wallet.`,
        now,
      });
      return 1;
    });
  }
  return credited;
}

/** Mines `blocks` devnet blocks on every network, then settles what they confirm. */
export async function mineBlocks(
  ctx: AppContext,
  blocks: number,
  settle: (ctx: AppContext) => Promise<void>,
): Promise<void> {
  await ctx.db
    .updateTable('devnet_chain')
    .set((eb) => ({ height: eb('height', '+', BigInt(blocks)) }))
    .execute();
  await creditConfirmedDeposits(ctx);
  await settle(ctx);
}

export type { AssetRow };
