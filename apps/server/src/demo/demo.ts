import type { AppContext } from '../context.ts';
import * as usersRepo from '../modules/account/users.repository.ts';
import * as affiliatesRepo from '../modules/affiliate/affiliate.repository.ts';
import { fundPool } from '../modules/affiliate/pool.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { assetBySymbol, parseAmount } from '../modules/funds/assets.service.ts';
import * as operatorsRepo from '../modules/operators/operators.repository.ts';
import { DEMO_MEMBER_DAYS, ensureDemoNetwork } from './demo-network.ts';
import { grantBalances } from './grants.ts';

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
 * password, a funded rewards pool and an affiliate network that has worked for a week (demo-network.ts),
 * so a newcomer sees a working exchange at once. Created once; a restart adds nothing.
 */
export async function ensureDemo(ctx: AppContext): Promise<void> {
  await ensureDemoOperator(ctx);
  const start = ctx.clock.now();
  const demoUserId =
    (await usersRepo.findByEmail(ctx.db, DEMO_USER.email))?.user_id ?? (await createDemoUser(ctx, start));
  try {
    await ensureDemoNetwork(ctx, demoUserId, start);
  } catch (error) {
    // The demo's story is a nicety: an exchange whose data no longer fits it (a spent demo balance, a
    // higher minimum stake) still starts.
    ctx.log.error({ err: error }, 'demo affiliate network could not be completed');
  }
}

/** The demo user, as they were when they joined, before the week of history the network adds. */
async function createDemoUser(ctx: AppContext, start: Date): Promise<bigint> {
  const [passwordHash, txnHash] = await Promise.all([
    hashPassword(DEMO_USER.password),
    hashPassword(DEMO_USER.txnPassword),
  ]);
  const joined = new Date(start.getTime() - DEMO_MEMBER_DAYS * 86_400_000);
  const userId = await ctx.db.transaction().execute(async (trx) => {
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
      created_at: joined,
    });
    await grantBalances(trx, user.user_id, DEMO_BALANCES, 'demo balances', joined);
    await affiliatesRepo.insert(trx, {
      user_id: user.user_id,
      code: user.referral_code,
      sponsor_id: null,
      created_at: joined,
    });
    const fit = await assetBySymbol(trx, 'FIT24');
    await fundPool(trx, fit.asset_id, parseAmount(fit, '1000000'), joined);
    return user.user_id;
  });
  ctx.log.info({ email: DEMO_USER.email }, 'demo user created');
  return userId;
}

export { grantBalances };

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
