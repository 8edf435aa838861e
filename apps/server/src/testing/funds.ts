import { latestOtp, type RegisteredUser, registerVerifiedUser } from './identity.ts';
import type { TestApp } from './test-app.ts';

export const TXN_PASSWORD = 'Pay-PIN-8842';

export interface Trader extends RegisteredUser {
  txnPassword: string;
}

/** A verified user with a transaction password, set through the API as the app does. */
export async function createTrader(t: TestApp): Promise<Trader> {
  const user = await registerVerifiedUser(t);
  t.ctx.clock.advance(61);
  const sent = await t.api('GET', '/api/user/txn/password/otpcode', { token: user.token });
  if (sent.status !== 200) throw new Error(`txn otp failed: ${JSON.stringify(sent.body)}`);
  const otp = await latestOtp(t, user.email);
  const set = await t.api('POST', '/api/user/txn/password', {
    token: user.token,
    body: { otp, txn_password: TXN_PASSWORD },
  });
  if (set.status !== 200) throw new Error(`txn password failed: ${JSON.stringify(set.body)}`);
  return { ...user, txnPassword: TXN_PASSWORD };
}

export async function deposit(
  t: TestApp,
  email: string,
  symbol: string,
  amount: string,
  confirmations?: number,
) {
  const { status, body } = await t.ops('POST', '/ops/devnet/deposit', {
    email_id: email,
    symbol,
    amount,
    ...(confirmations !== undefined ? { confirmations } : {}),
  });
  if (status !== 200) throw new Error(`deposit failed: ${JSON.stringify(body)}`);
  return body.data.deposit;
}

export async function assetId(t: TestApp, symbol: string): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('assets')
    .select('asset_id')
    .where('symbol', '=', symbol)
    .executeTakeFirstOrThrow();
  return row.asset_id;
}

export async function balance(t: TestApp, token: string, symbol: string) {
  const { body } = await t.api('GET', `/api/asset/balance?symbol=${symbol}`, { token });
  return body.data.balance as {
    available: string;
    on_hold: string;
    locked: string;
    staked: string;
    total: string;
    usd_value: string;
  };
}

export async function auditClean(t: TestApp): Promise<{ ok: boolean; failed: string[] }> {
  const { body } = await t.ops('GET', '/ops/audit');
  return {
    ok: body.data.ok,
    failed: body.data.checks
      .filter((c: { ok: boolean }) => !c.ok)
      .map((c: { name: string; detail: string }) => `${c.name}: ${c.detail}`),
  };
}

/** A valid devnet address of each network, for withdrawals out of the exchange. */
export const addresses = {
  bitcoin: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080',
  ethereum: '0x52908400098527886E0F7030069857D2E4169EE7',
};
