import { fromBaseUnits } from '@fit24/contract';
import { defineHandlers } from '../../http/contract-routes.ts';
import * as chainRepo from '../chain/chain.repository.ts';
import * as ledger from '../ledger/ledger.service.ts';
import { assetById, assetBySymbol, assetRowToAsset } from './assets.service.ts';
import * as balances from './balances.service.ts';
import * as deposits from './deposits.service.ts';
import * as history from './history.ts';
import { noticeRowToNotice } from './notices.mappers.ts';
import * as noticesRepo from './notices.repository.ts';
import * as transfers from './transfers.service.ts';
import * as withdrawalQueue from './withdrawal-queue.service.ts';
import * as withdrawals from './withdrawals.service.ts';

export const fundsHandlers = defineHandlers({
  'asset.balances': (ctx) => balances.balancesOf(ctx.db, ctx.auth.userId),
  'asset.balance': async (ctx, { query }) => {
    const asset = await assetBySymbol(ctx.db, query.symbol);
    return { balance: await balances.balanceOf(ctx.db, ctx.auth.userId, asset) };
  },
  'asset.lockedBalance': async (ctx, { query }) => {
    const asset = await assetById(ctx.db, query.asset_id);
    const locked = await ledger.balanceOf(ctx.db, ctx.auth.userId, asset.asset_id, 'locked');
    return { locked: { asset_id: asset.asset_id, amount: fromBaseUnits(locked, asset.decimals) } };
  },
  'asset.get': async (ctx, { query }) => ({
    asset: assetRowToAsset(await assetById(ctx.db, query.asset_id), ctx.chains),
  }),
  'asset.wallet': async (ctx, { query }) => {
    const asset = await assetById(ctx.db, query.asset_id);
    const address = await deposits.depositAddress(ctx, ctx.db, ctx.auth.userId, asset);
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
    return history.page(ctx, ctx.auth.userId, asset, query.page ?? 1);
  },
  'asset.transaction': async (ctx, { query }) => ({
    transaction: await history.one(ctx, ctx.auth.userId, query.id),
  }),
  'asset.notices': async (ctx, { query }) => {
    const asset = await assetById(ctx.db, query.asset_id);
    const rows = await noticesRepo.latest(ctx.db, asset.asset_id, query.type, 20);
    return { notices: rows.map(noticeRowToNotice) };
  },
  'asset.withdraw': (ctx, { body }) =>
    withdrawals.requestWithdrawal(
      ctx,
      ctx.auth.userId,
      body,
      ctx.idempotency,
      ctx.request.ip,
      ctx.auth.apiKey !== undefined,
    ),
  'asset.transfer': (ctx, { body }) =>
    transfers.transfer(ctx, ctx.auth.userId, body, ctx.idempotency, ctx.request.ip),
  'asset.transferRecipient': (ctx, { query }) => transfers.recipientOf(ctx, ctx.auth.userId, query.email_id),

  'ops.devnetDeposit': async (ctx, { body }) => ({ deposit: await deposits.devnetDeposit(ctx, body) }),
  'ops.lockedGrant': (ctx, { body }) => transfers.grantLocked(ctx, body),
  'ops.withdrawals': async (ctx, { query }) => ({
    withdrawals: await withdrawalQueue.listForOps(ctx, query.status),
  }),
  'ops.withdrawalsApprove': async (ctx, { body }) => {
    const withdrawal = await withdrawalQueue.approve(ctx, ctx.operator, body.withdrawal_id);
    ctx.note.after = {
      status: withdrawal.status,
      approvals: withdrawal.approvals.length,
      of: withdrawal.approvals_needed,
    };
    return { withdrawal };
  },
  'ops.withdrawalsReject': async (ctx, { body }) => {
    const withdrawal = await withdrawalQueue.reject(ctx, body.withdrawal_id, body.reason);
    ctx.note.after = { status: withdrawal.status };
    return { withdrawal };
  },
  'ops.devnetMine': async (ctx, { body }) => {
    await deposits.mineBlocks(ctx, body.blocks, withdrawalQueue.completeMined);
    return { heights: await chainRepo.heights(ctx.db) };
  },
  'ops.notices': async (ctx, { body }) => {
    const asset = await assetBySymbol(ctx.db, body.symbol);
    const row = await noticesRepo.insert(ctx.db, {
      asset_id: asset.asset_id,
      type: body.type,
      title: body.title,
      body: body.body,
      created_at: ctx.clock.now(),
    });
    return { notice: noticeRowToNotice(row) };
  },
});
