// The clients of a chaos run, over real HTTP as an app or a bot would be: an operator made with the
// operator key (for devnet deposits, the outbox and the audit), verified users with a transaction
// password, and workers that place orders, cancel them and transfer between the users, each money-moving
// request with an Idempotency-Key, remembering every answer they were given (`Told`).
import { randomBytes } from 'node:crypto';
import { codeAt } from '../../apps/server/src/modules/security/totp.ts';
import { API_KEY, OPS_KEY } from './servers.ts';
import type { Sent, Told } from './verify.ts';

export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: the envelope's data is read by each caller
  body: any;
}

/** A request whose answer is lost (the connection broke or timed out) answers status 0. */
export async function call(
  url: string,
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<Answer> {
  try {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  } catch {
    return { status: 0, body: null };
  }
}

async function must(answer: Promise<Answer>, what: string) {
  const { status, body } = await answer;
  if (status !== 200) throw new Error(`${what} failed: ${status} ${JSON.stringify(body)}`);
  return body.data;
}

export interface ChaosUser {
  userId: number;
  email: string;
  token: string;
}

export const TXN_PASSWORD = 'Chaos-PIN-2468';

/** The first admin, made with the operator key, signed in with its authenticator; answers a machine token. */
export async function makeOperator(url: string): Promise<string> {
  const email = `chaos-${randomBytes(4).toString('hex')}@ops.example.com`;
  const password = `Chaos-operator-${randomBytes(6).toString('hex')}`;
  await must(
    call(
      url,
      'POST',
      '/ops/operators',
      { 'x-ops-key': OPS_KEY },
      { email, name: 'Chaos', role: 'admin', password },
    ),
    'operator',
  );
  const step = await must(call(url, 'POST', '/ops/auth/signin', {}, { email, password }), 'operator sign-in');
  const code = codeAt(step.totp_setup.secret, Math.floor(Date.now() / 1000));
  const session = await must(
    call(url, 'POST', '/ops/auth/totp', {}, { challenge: step.challenge, code }),
    'operator code',
  );
  const token = await must(
    call(url, 'POST', '/ops/tokens', { authorization: `Bearer ${session.token}` }, { name: 'chaos' }),
    'operator token',
  );
  return token.token;
}

const opsHeaders = (opsToken: string) => ({ authorization: `Bearer ${opsToken}` });
const userHeaders = (user: ChaosUser) => ({ 'x-api-key': API_KEY, authorization: `Bearer ${user.token}` });

async function latestOtp(url: string, opsToken: string, to: string): Promise<string> {
  const data = await must(
    call(url, 'GET', `/ops/outbox?to=${encodeURIComponent(to)}`, opsHeaders(opsToken)),
    'outbox',
  );
  const otp = data.messages.find((m: { otp: string | null }) => m.otp)?.otp;
  if (!otp) throw new Error(`no code in the outbox for ${to}`);
  return otp;
}

/** A verified user with a transaction password and these devnet deposits credited. */
export async function makeUser(
  url: string,
  opsToken: string,
  n: number,
  funds: Record<string, string>,
  told: Told,
): Promise<ChaosUser> {
  const email = `chaos-${n}-${randomBytes(4).toString('hex')}@example.com`;
  const registered = await must(
    call(
      url,
      'POST',
      '/api/auth/register',
      { 'x-api-key': API_KEY },
      {
        name: `Chaos Trader ${n}`,
        email_id: email,
        password: `Chaos-trader-${randomBytes(6).toString('hex')}`,
        mobile: `+4474${String(10_000_000 + ((process.pid * 101 + n) % 89_999_999)).padStart(8, '0')}`,
        country_code: 'GB',
        accept_terms: true,
      },
    ),
    'register',
  );
  const user: ChaosUser = { userId: registered.user.user_id, email, token: registered.token };
  const verifyOtp = await latestOtp(url, opsToken, email);
  await must(call(url, 'POST', '/api/auth/email/verify', userHeaders(user), { otp: verifyOtp }), 'email');
  await must(call(url, 'GET', '/api/user/txn/password/otpcode', userHeaders(user)), 'txn code');
  const txnOtp = await latestOtp(url, opsToken, email);
  await must(
    call(url, 'POST', '/api/user/txn/password', userHeaders(user), {
      otp: txnOtp,
      txn_password: TXN_PASSWORD,
    }),
    'txn password',
  );
  for (const [symbol, amount] of Object.entries(funds)) {
    await must(
      call(url, 'POST', '/ops/devnet/deposit', opsHeaders(opsToken), { email_id: email, symbol, amount }),
      'deposit',
    );
    told.deposits.push({ symbol, amount });
  }
  return user;
}

export interface MarketRef {
  marketId: number;
  symbol: string;
  /** Reference price and the order sizes used, as decimal strings. */
  price: number;
  priceDecimals: number;
  amounts: string[];
}

/** The markets traded (BTC/USDT and ETH/USDT), and how many markets there are. */
export async function tradedMarkets(
  url: string,
  user: ChaosUser,
): Promise<{ traded: MarketRef[]; total: number }> {
  const data = await must(call(url, 'GET', '/api/market/list', userHeaders(user)), 'market list');
  const list = data.markets as Array<{ market_id: number; symbol: string }>;
  const want: Array<Omit<MarketRef, 'marketId'>> = [
    { symbol: 'BTC/USDT', price: 65_000, priceDecimals: 2, amounts: ['0.001', '0.002', '0.005'] },
    { symbol: 'ETH/USDT', price: 3_500, priceDecimals: 2, amounts: ['0.01', '0.02', '0.05'] },
  ];
  const traded = want.map((m) => {
    const found = list.find((l) => l.symbol === m.symbol);
    if (!found) throw new Error(`no market ${m.symbol}`);
    return { ...m, marketId: found.market_id };
  });
  return { traded, total: list.length };
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

/** Whether an answer settles a request: a success or a refusal; lost answers, 5xx and 409 do not. */
function settles(status: number): boolean {
  return status !== 0 && status !== 409 && status < 500;
}

/** Sends a request (again, for a retry: same key, same body) and records what its answer settles. */
export async function send(url: string, user: ChaosUser, r: Sent): Promise<void> {
  const path =
    r.kind === 'order'
      ? '/api/order/create'
      : r.kind === 'transfer'
        ? '/api/asset/transfer'
        : '/api/order/cancel';
  const headers: Record<string, string> = {
    ...userHeaders(user),
    ...(r.key ? { 'idempotency-key': r.key } : {}),
  };
  const { status, body } = await call(url, 'POST', path, headers, r.body);
  r.code = status;
  if (!settles(status)) {
    r.state = 'unknown';
    return;
  }
  if (status !== 200) {
    r.state = 'refused';
    return;
  }
  r.state = 'acked';
  if (r.kind === 'transfer') r.id = body.data.transfer.id;
  else {
    r.id = body.data.order.order_id;
    if (r.kind === 'cancel') r.status = body.data.order.status;
  }
}

/** The next request of a user: mostly orders near the reference price (half of them IOC), some cancels and transfers. */
export function nextRequest(user: ChaosUser, users: ChaosUser[], markets: MarketRef[], told: Told): Sent {
  const roll = Math.random();
  const key = `chaos-${randomBytes(8).toString('hex')}`;
  if (roll < 0.1) {
    const other = pick(users.filter((u) => u.userId !== user.userId));
    const [asset_id, amount] = pick([
      [3, pick(['1', '2.5', '7'])],
      [1, '0.0001'],
    ] as const);
    return {
      kind: 'transfer',
      userId: user.userId,
      key,
      body: { asset_id, amount, to_email_id: other.email, txn_password: TXN_PASSWORD },
      state: 'unknown',
      id: null,
      status: null,
      code: 0,
    };
  }
  if (roll < 0.25) {
    const open = told.requests.filter(
      (r) =>
        r.kind === 'order' &&
        r.state === 'acked' &&
        r.userId === user.userId &&
        r.body.time_in_force !== 'IOC',
    );
    if (open.length > 0) {
      const order = pick(open.slice(-50));
      return {
        kind: 'cancel',
        userId: user.userId,
        key: null,
        body: { order_id: order.id },
        state: 'unknown',
        id: null,
        status: null,
        code: 0,
      };
    }
  }
  const m = pick(markets);
  const offset = (Math.random() - 0.5) * 0.004 * m.price;
  return {
    kind: 'order',
    userId: user.userId,
    key,
    body: {
      market_id: m.marketId,
      side: Math.random() < 0.5 ? 'BUY' : 'SELL',
      type: 'LIMIT',
      price: (m.price + offset).toFixed(m.priceDecimals),
      amount: pick(m.amounts),
      ...(Math.random() < 0.5 ? { time_in_force: 'IOC' } : {}),
    },
    state: 'unknown',
    id: null,
    status: null,
    code: 0,
  };
}

/** The invariant checks of `/ops/audit`: the names and details of those that failed. */
export async function audit(url: string, opsToken: string): Promise<string[]> {
  const { status, body } = await call(url, 'GET', '/ops/audit', opsHeaders(opsToken));
  if (status !== 200) return [`the audit answered ${status} ${JSON.stringify(body)}`];
  return (body.data.checks as Array<{ name: string; ok: boolean; detail: string }>)
    .filter((c) => !c.ok)
    .map((c) => `audit: ${c.name}: ${c.detail}`);
}
