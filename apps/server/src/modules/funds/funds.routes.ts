import { fromBaseUnits } from '@fit24/contract';
import { toEpochSeconds } from '../../clock.ts';
import type { HandlerMap } from '../../http/contract-routes.ts';
import * as ledger from '../ledger/ledger.service.ts';
import {
  assetById,
  assetBySymbol,
  assetRowToAsset,
  balanceRow,
  listAssets,
  usdCentsPricer,
} from './assets.service.ts';
import * as deposits from './deposits.service.ts';
import * as history from './history.ts';
import { idempotencyKey } from './idempotency.ts';
import * as transfers from './transfers.service.ts';
import * as withdrawalQueue from './withdrawal-queue.service.ts';
import * as withdrawals from './withdrawals.service.ts';

const strip = <T extends { cents: bigint }>({ cents: _cents, ...rest }: T) => rest;

export const fundsHandlers: HandlerMap = {
  'asset.balances': async (ctx) => {
    const [assets, balances, pricer] = await Promise.all([
      listAssets(ctx.db),
      ledger.balancesOf(ctx.db, ctx.auth!.userId),
      usdCentsPricer(ctx.db),
    ]);
    const rows = assets.map((asset) =>
      balanceRow(asset, balances.get(asset.asset_id) ?? ledger.emptyBalances(), pricer),
    );
    const totalCents = rows.reduce((sum, row) => sum + row.cents, 0n);
    return { balances: rows.map(strip), total_usd: fromBaseUnits(totalCents, 2) };
  },
  'asset.balance': async (ctx, { query }) => {
    const asset = await assetBySymbol(ctx.db, query.symbol);
    const balances = await ledger.balancesOf(ctx.db, ctx.auth!.userId);
    const row = balanceRow(
      asset,
      balances.get(asset.asset_id) ?? ledger.emptyBalances(),
      await usdCentsPricer(ctx.db),
    );
    return { balance: strip(row) };
  },
  'asset.lockedBalance': async (ctx, { query }) => {
    const asset = await assetById(ctx.db, query.asset_id);
    const locked = await ledger.balanceOf(ctx.db, ctx.auth!.userId, asset.asset_id, 'locked');
    return { locked: { asset_id: asset.asset_id, amount: fromBaseUnits(locked, asset.decimals) } };
  },
  'asset.get': async (ctx, { query }) => ({
    asset: assetRowToAsset(await assetById(ctx.db, query.asset_id)),
  }),
  'asset.wallet': async (ctx, { query }) => {
    const asset = await assetById(ctx.db, query.asset_id);
    const address = await deposits.depositAddress(ctx.db, ctx.clock.now(), ctx.auth!.userId, asset.network);
    return {
      wallet: {
        asset_id: asset.asset_id,
        network: asset.network,
        address,
        memo: null,
        min_deposit: fromBaseUnits(asset.min_deposit, asset.decimals),
        confirmations: asset.confirmations,
      },
    };
  },
  'asset.transactions': async (ctx, { query }) => {
    const asset = await assetById(ctx.db, query.asset_id);
    return history.page(ctx.db, ctx.auth!.userId, asset, query.page ?? 1);
  },
  'asset.notices': async (ctx, { query }) => {
    const asset = await assetById(ctx.db, query.asset_id);
    const rows = await ctx.db
      .selectFrom('asset_notices')
      .selectAll()
      .where('asset_id', '=', asset.asset_id)
      .where('type', '=', query.type)
      .orderBy('notice_id', 'desc')
      .limit(20)
      .execute();
    return {
      notices: rows.map((row) => ({
        notice_id: Number(row.notice_id),
        type: row.type,
        title: row.title,
        body: row.body,
        creation_date: toEpochSeconds(row.created_at),
      })),
    };
  },
  'asset.withdraw': async (ctx, { body }) => ({
    withdrawal: await withdrawals.requestWithdrawal(
      ctx,
      ctx.auth!.userId,
      body,
      idempotencyKey(ctx.request),
      ctx.request.ip,
    ),
  }),
  'asset.transfer': async (ctx, { body }) => ({
    transfer: await transfers.transfer(
      ctx,
      ctx.auth!.userId,
      body,
      idempotencyKey(ctx.request),
      ctx.request.ip,
    ),
  }),

  'ops.devnetDeposit': async (ctx, { body }) => ({ deposit: await deposits.devnetDeposit(ctx, body) }),
  'ops.lockedGrant': (ctx, { body }) => transfers.grantLocked(ctx, body),
  'ops.withdrawals': async (ctx, { query }) => ({
    withdrawals: await withdrawalQueue.listForOps(ctx, query.status),
  }),
  'ops.withdrawalsApprove': async (ctx, { body }) => ({
    withdrawal: await withdrawalQueue.approve(ctx, body.withdrawal_id),
  }),
  'ops.withdrawalsReject': async (ctx, { body }) => ({
    withdrawal: await withdrawalQueue.reject(ctx, body.withdrawal_id, body.reason),
  }),
  'ops.devnetMine': async (ctx, { body }) => {
    await deposits.mineBlocks(ctx, body.blocks, withdrawalQueue.completeMined);
    const rows = await ctx.db.selectFrom('devnet_chain').selectAll().orderBy('network').execute();
    return { heights: Object.fromEntries(rows.map((r) => [r.network, Number(r.height)])) };
  },
  'ops.notices': async (ctx, { body }) => {
    const asset = await assetBySymbol(ctx.db, body.symbol);
    const row = await ctx.db
      .insertInto('asset_notices')
      .values({
        asset_id: asset.asset_id,
        type: body.type,
        title: body.title,
        body: body.body,
        created_at: ctx.clock.now(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return {
      notice: {
        notice_id: Number(row.notice_id),
        type: row.type,
        title: row.title,
        body: row.body,
        creation_date: toEpochSeconds(row.created_at),
      },
    };
  },
};
