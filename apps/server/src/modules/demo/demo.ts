import type { AppContext } from '../../context.ts';
import * as usersRepo from '../account/users.repository.ts';
import { fundPool } from '../affiliate/pool.ts';
import { hashPassword } from '../auth/passwords.ts';
import { assetBySymbol, parseAmount } from '../funds/assets.service.ts';
import * as ledger from '../ledger/ledger.service.ts';

export const DEMO_USER = {
  email: 'demo@fit24.exchange',
  password: 'Demo-password-24',
  txnPassword: 'Demo-PIN-2424',
  name: 'Demo Trader',
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
    for (const [symbol, amount] of DEMO_BALANCES) {
      const asset = await assetBySymbol(trx, symbol);
      await ledger.post(trx, {
        kind: 'DEMO_GRANT',
        memo: 'demo balances',
        now,
        legs: [
          {
            from: { system: 'chain' },
            to: { userId: user.user_id, kind: 'available' },
            assetId: asset.asset_id,
            amount: parseAmount(asset, amount),
          },
        ],
      });
    }
    await trx
      .insertInto('affiliates')
      .values({ user_id: user.user_id, code: user.referral_code, sponsor_id: null, created_at: now })
      .execute();
    const fit = await assetBySymbol(trx, 'FIT24');
    await fundPool(trx, fit.asset_id, parseAmount(fit, '1000000'), now);
  });
  ctx.log.info({ email: DEMO_USER.email }, 'demo user created');
}
