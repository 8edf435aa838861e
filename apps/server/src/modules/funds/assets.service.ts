import { fromBaseUnits, type TAsset, toBaseUnits } from '@fit24/contract';
import type { Chains } from '../../chains.ts';
import type { Database } from '../../db/database.ts';
import type { AssetRow } from '../../db/schema-funds.ts';
import { badRequest, notFound } from '../../http/app-error.ts';
import * as assetsRepo from './assets.repository.ts';

const flag = (value: boolean) => (value ? 1 : 0) as 0 | 1;

/**
 * An asset as the API shows it. Deposits and withdrawals show as disabled, with the reason, when its
 * network has no chain connected (in production: no node for it).
 */
export function assetRowToAsset(row: AssetRow, chains: Chains): TAsset {
  const money = (units: bigint) => fromBaseUnits(units, row.decimals);
  const unavailable = chains.unavailableReason(row);
  return {
    asset_id: row.asset_id,
    symbol: row.symbol,
    name: row.name,
    decimals: row.decimals,
    network: row.network,
    deposit_enabled: flag(row.deposit_enabled && !unavailable),
    withdraw_enabled: flag(row.withdraw_enabled && !unavailable),
    withdraw_fee: money(row.withdraw_fee),
    min_withdraw: money(row.min_withdraw),
    min_deposit: money(row.min_deposit),
    confirmations: row.confirmations,
    unavailable_reason: unavailable,
  };
}

export async function listAssets(db: Database): Promise<AssetRow[]> {
  return assetsRepo.list(db);
}

/** `assets.asset_id` is an `integer`: a larger id would be an SQL error, not a missing asset. */
const MAX_ASSET_ID = 2_147_483_647;

export async function assetById(db: Database, assetId: number): Promise<AssetRow> {
  if (assetId > MAX_ASSET_ID) throw notFound('There is no asset with this id.');
  const row = await assetsRepo.findById(db, assetId);
  if (!row) throw notFound('There is no asset with this id.');
  return row;
}

export async function assetBySymbol(db: Database, symbol: string): Promise<AssetRow> {
  const row = await assetsRepo.findBySymbol(db, symbol.toUpperCase());
  if (!row) throw notFound(`There is no asset ${symbol.toUpperCase()}.`);
  return row;
}

/** A client's decimal amount in the asset's base units: 400 with `fields` when it has too many decimals or is 0. */
export function parseAmount(asset: AssetRow, amount: string, field = 'amount'): bigint {
  const units = toBaseUnits(amount, asset.decimals);
  if (units === null) {
    throw badRequest(`${asset.symbol} amounts have at most ${asset.decimals} decimals.`, {
      [field]: `must have at most ${asset.decimals} decimals`,
    });
  }
  if (units === 0n)
    throw badRequest('The amount must be more than zero.', { [field]: 'must be more than zero' });
  return units;
}

/**
 * USD value in cents per asset: the last price of its USDT market (USDT itself is worth 1); an asset
 * without such a market is worth 0. Computed on integers, rounded down (balances) or up (`'up'`: what a
 * withdrawal counts against a limit).
 */
export async function usdCentsPricer(
  db: Database,
  rounding: 'down' | 'up' = 'down',
): Promise<(asset: AssetRow, units: bigint) => bigint> {
  const markets = await assetsRepo.usdtMarkets(db);
  const divide = (a: bigint, b: bigint) => (rounding === 'up' ? (a + b - 1n) / b : a / b);
  return (asset, units) => {
    if (asset.symbol === 'USDT') return divide(units * 100n, 10n ** BigInt(asset.decimals));
    const market = markets.find((m) => m.base_asset_id === asset.asset_id);
    if (!market) return 0n;
    return divide(units * market.last_price * 100n, 10n ** BigInt(asset.decimals + market.price_decimals));
  };
}
