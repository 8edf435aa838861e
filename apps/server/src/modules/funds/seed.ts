import { toBaseUnits } from '@fit24/contract';
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

const units = (amount: string, decimals: number) => toBaseUnits(amount, decimals)!;

/** The default assets of DESIGN §8: decimals ≤ 8; USDT and FIT24 are ERC-20 style tokens on ethereum. */
export const defaultAssets = [
  {
    symbol: 'BTC',
    name: 'Bitcoin',
    decimals: 8,
    network: 'bitcoin',
    fee: '0.0002',
    minWithdraw: '0.001',
    minDeposit: '0.0001',
    confirmations: 2,
  },
  {
    symbol: 'ETH',
    name: 'Ethereum',
    decimals: 8,
    network: 'ethereum',
    fee: '0.002',
    minWithdraw: '0.01',
    minDeposit: '0.001',
    confirmations: 6,
  },
  {
    symbol: 'USDT',
    name: 'Tether USD',
    decimals: 6,
    network: 'ethereum',
    fee: '2',
    minWithdraw: '10',
    minDeposit: '1',
    confirmations: 6,
  },
  {
    symbol: 'FIT24',
    name: 'FIT24 Token',
    decimals: 8,
    network: 'ethereum',
    fee: '1',
    minWithdraw: '10',
    minDeposit: '1',
    confirmations: 6,
  },
];

/** The default markets, quoted in USDT, with a reference price to start from. */
export const defaultMarkets = [
  { base: 'BTC', priceDecimals: 2, amountDecimals: 4, minAmount: '0.0001', minTotal: '5', price: '65000' },
  { base: 'ETH', priceDecimals: 2, amountDecimals: 4, minAmount: '0.001', minTotal: '5', price: '3500' },
  { base: 'FIT24', priceDecimals: 4, amountDecimals: 2, minAmount: '1', minTotal: '1', price: '0.5' },
];

/** Creates what an empty database needs; leaves existing rows alone, so it runs at every start. */
export async function seedDefaults(db: Database): Promise<void> {
  await db
    .insertInto('assets')
    .values(
      defaultAssets.map((a, i) => ({
        symbol: a.symbol,
        name: a.name,
        decimals: a.decimals,
        network: a.network,
        withdraw_fee: units(a.fee, a.decimals),
        min_withdraw: units(a.minWithdraw, a.decimals),
        min_deposit: units(a.minDeposit, a.decimals),
        confirmations: a.confirmations,
        sort_order: i,
      })),
    )
    .onConflict((oc) => oc.column('symbol').doNothing())
    .execute();
  const assets = await db.selectFrom('assets').select(['asset_id', 'symbol']).execute();
  const id = (symbol: string) => assets.find((a) => a.symbol === symbol)!.asset_id;
  await db
    .insertInto('markets')
    .values(
      defaultMarkets.map((m) => ({
        symbol: `${m.base}/USDT`,
        base_asset_id: id(m.base),
        quote_asset_id: id('USDT'),
        price_decimals: m.priceDecimals,
        amount_decimals: m.amountDecimals,
        min_amount: units(m.minAmount, m.amountDecimals),
        min_total: units(m.minTotal, 6),
        maker_fee: '0.001',
        taker_fee: '0.002',
        last_price: units(m.price, m.priceDecimals),
      })),
    )
    .onConflict((oc) => oc.column('symbol').doNothing())
    .execute();
  await sql`insert into chain_heights (network, height) values ('bitcoin', 100), ('ethereum', 100)
    on conflict do nothing`.execute(db);
}
