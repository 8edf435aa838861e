import type { AppContext } from '../context.ts';
import type { Database } from '../db/database.ts';
import * as usersRepo from '../modules/account/users.repository.ts';
import * as affiliatesRepo from '../modules/affiliate/affiliate.repository.ts';
import { fundPool } from '../modules/affiliate/pool.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { assetBySymbol, parseAmount } from '../modules/funds/assets.service.ts';
import * as ledger from '../modules/ledger/ledger.service.ts';
import * as operatorsRepo from '../modules/operators/operators.repository.ts';

export const DEMO_USER = {
  email: 'demo@fit24.exchange',
  password: 'Demo-password-24',
  txnPassword: 'Demo-PIN-2424',
  name: 'Demo Trader',
};

/** The demo's admin operator: its authenticator is enrolled at its first sign-in, as anybody's. */
export const DEMO_OPERATOR = {
  email: 'ops@fit24.exchange',
  password: 'Demo-operator-24',
  name: 'Demo Admin',
};

const DEMO_BALANCES: Array<[string, string]> = [
  ['BTC', '0.5'],
  ['ETH', '5'],
  ['USDT', '25000'],
  ['FIT24', '5000'],
];

/**
 * `DEMO=1` (the default outside production): a verified demo user with balances, a transaction
 * password and an affiliate profile, and a funded rewards pool, so a newcomer sees a working exchange
 * at once. Created once; a restart leaves it as it is.
 */
export async function ensureDemo(ctx: AppContext): Promise<void> {
  await ensureDemoOperator(ctx);
  if (await usersRepo.findByEmail(ctx.db, DEMO_USER.email)) return;
  const [passwordHash, txnHash] = await Promise.all([
    hashPassword(DEMO_USER.password),
    hashPassword(DEMO_USER.txnPassword),
  ]);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const user = await usersRepo.insert(trx, {
      name: DEMO_USER.name,
      email: DEMO_USER.email,
      password_hash: passwordHash,
      txn_password_hash: txnHash,
      mobile: '+447400123456',
      country_code: 'GB',
      is_email_verified: true,
      is_mobile_verified: true,
      referral_code: 'DEMO2424',
      created_at: now,
    });
    await grantBalances(trx, user.user_id, DEMO_BALANCES, 'demo balances', now);
    await affiliatesRepo.insert(trx, {
      user_id: user.user_id,
      code: user.referral_code,
      sponsor_id: null,
      created_at: now,
    });
    const fit = await assetBySymbol(trx, 'FIT24');
    await fundPool(trx, fit.asset_id, parseAmount(fit, '1000000'), now);
  });
  ctx.log.info({ email: DEMO_USER.email }, 'demo user created');
}

/**
 * Credits made-up balances (demo users, market makers, benchmark traders) from the `demo` system account —
 * not the chain's: no coin on any chain stands behind them, and custody's reconciliation must not expect
 * one. One journal entry, a leg per asset; a symbol the exchange does not list is skipped.
 */
export async function grantBalances(
  trx: Database,
  userId: bigint,
  balances: ReadonlyArray<readonly [symbol: string, amount: string]>,
  memo: string,
  now: Date,
): Promise<void> {
  const legs: ledger.Leg[] = [];
  for (const [symbol, amount] of balances) {
    const asset = await assetBySymbol(trx, symbol).catch(() => null);
    if (!asset) continue;
    legs.push({
      from: { system: 'demo' },
      to: { userId, kind: 'available' },
      assetId: asset.asset_id,
      amount: parseAmount(asset, amount),
    });
  }
  if (legs.length > 0) await ledger.post(trx, { kind: 'DEMO_GRANT', memo, now, legs });
}

async function ensureDemoOperator(ctx: AppContext): Promise<void> {
  if (await operatorsRepo.findByEmail(ctx.db, DEMO_OPERATOR.email)) return;
  await operatorsRepo.insert(ctx.db, {
    email: DEMO_OPERATOR.email,
    name: DEMO_OPERATOR.name,
    role: 'admin',
    password_hash: await hashPassword(DEMO_OPERATOR.password),
    created_at: ctx.clock.now(),
  });
}
