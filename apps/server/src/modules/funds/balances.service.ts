import { fromBaseUnits, type TBalance, type TBalancesData } from '@fit24/contract';
import type { Database } from '../../db/database.ts';
import type { AssetRow, UserAccountKind } from '../../db/schema-funds.ts';
import { emptyBalances, type UserBalances } from '../ledger/ledger.service.ts';
import { listAssets, usdCentsPricer } from './assets.service.ts';
import * as balancesRepo from './balances.repository.ts';

type UsdCents = (asset: AssetRow, units: bigint) => bigint;

/**
 * One balance of a user as the API shows it — `asset/balances`, `asset/balance`, `market/user/balance`
 * and the socket's `balances` channel alike.
 */
export function toBalance(asset: AssetRow, balances: UserBalances, usdCents: UsdCents): TBalance {
  return balanceWithCents(asset, balances, usdCents).balance;
}

function balanceWithCents(asset: AssetRow, balances: UserBalances, usdCents: UsdCents) {
  const money = (units: bigint) => fromBaseUnits(units, asset.decimals);
  const total = balances.available + balances.on_hold + balances.locked + balances.staked;
  const cents = usdCents(asset, total);
  const balance: TBalance = {
    asset_id: asset.asset_id,
    symbol: asset.symbol,
    name: asset.name,
    decimals: asset.decimals,
    available: money(balances.available),
    on_hold: money(balances.on_hold),
    locked: money(balances.locked),
    staked: money(balances.staked),
    total: money(total),
    usd_value: fromBaseUnits(cents, 2),
  };
  return { balance, cents };
}

/**
 * Every balance of each of `userIds` with its USD total, as `asset/balances` answers: three statements
 * whatever the number of users (the socket's feed asks for all users a batch touched at once).
 */
export async function balancesOfUsers(
  db: Database,
  userIds: readonly bigint[],
): Promise<Map<bigint, TBalancesData>> {
  const answers = new Map<bigint, TBalancesData>();
  if (userIds.length === 0) return answers;
  const [assets, pricer, rows] = await Promise.all([
    listAssets(db),
    usdCentsPricer(db),
    balancesRepo.accountsOf(db, userIds),
  ]);
  const byUser = new Map<bigint, Map<number, UserBalances>>(userIds.map((id) => [id, new Map()]));
  for (const row of rows) {
    const byAsset = row.user_id === null ? undefined : byUser.get(row.user_id);
    if (!byAsset) continue;
    const balances = byAsset.get(row.asset_id) ?? emptyBalances();
    balances[row.kind as UserAccountKind] = row.balance;
    byAsset.set(row.asset_id, balances);
  }
  for (const [userId, byAsset] of byUser) {
    const entries = assets.map((asset) =>
      balanceWithCents(asset, byAsset.get(asset.asset_id) ?? emptyBalances(), pricer),
    );
    const totalCents = entries.reduce((sum, e) => sum + e.cents, 0n);
    answers.set(userId, { balances: entries.map((e) => e.balance), total_usd: fromBaseUnits(totalCents, 2) });
  }
  return answers;
}

/** Every balance of one user with the USD total (`GET /api/asset/balances`). */
export async function balancesOf(db: Database, userId: bigint): Promise<TBalancesData> {
  return (await balancesOfUsers(db, [userId])).get(userId)!;
}

/** The user's balance of one asset (`GET /api/asset/balance`). */
export async function balanceOf(db: Database, userId: bigint, asset: AssetRow): Promise<TBalance> {
  const { balances } = await balancesOf(db, userId);
  return balances.find((b) => b.asset_id === asset.asset_id)!;
}
