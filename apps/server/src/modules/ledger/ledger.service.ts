import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { UserAccountKind } from '../../db/schema-funds.ts';
import { type UnnestColumn, unnestRows } from '../../db/unnest.ts';
import { AppError } from '../../http/app-error.ts';

/**
 * The ledger (DESIGN §4): every movement of money is one journal entry whose postings sum to zero,
 * written in the caller's transaction, beside the change that causes it. This is the one way any
 * module moves money.
 */

/** Accounts of the exchange itself. Their balances may go negative: `chain` mirrors what came in. */
export type SystemAccount =
  | 'chain' // deposits in from, withdrawals out to, the blockchains
  | 'fees' // withdrawal and trading fees earned
  | 'lockup' // source of lock-up grants (promotions, vesting)
  | 'rewards_pool' // the funded pool affiliate rewards are paid from
  | 'pool_funding' // where the operator's pool funding comes from
  | 'treasury' // the exchange's own money on chain: what it sent to its hot wallet itself
  | 'chain_fees' // gas the exchange paid on chain (an expense: negative)
  | 'demo'; // made-up balances of the demo and the benchmarks (development only)

export type AccountRef = { userId: bigint; kind: UserAccountKind } | { system: SystemAccount };

export interface Leg {
  from: AccountRef;
  to: AccountRef;
  assetId: number;
  amount: bigint;
}

export interface Entry {
  kind: string;
  refType?: string;
  refId?: bigint;
  memo?: string;
  now: Date;
  legs: Leg[];
  /** What to tell the caller when a user account would go below zero. */
  insufficientMessage?: string;
}

const refKey = (ref: AccountRef, assetId: number) =>
  'system' in ref ? `s:${ref.system}:${assetId}` : `u:${ref.userId}:${ref.kind}:${assetId}`;

interface AccountSpec {
  key: string;
  ref: AccountRef;
  assetId: number;
  delta: bigint;
}

/** Nets the legs into one delta per account; the deltas of each asset sum to zero by construction. */
function netDeltas(legs: Leg[]): AccountSpec[] {
  const specs = new Map<string, AccountSpec>();
  const add = (ref: AccountRef, assetId: number, delta: bigint) => {
    const key = refKey(ref, assetId);
    const spec = specs.get(key) ?? { key, ref, assetId, delta: 0n };
    spec.delta += delta;
    specs.set(key, spec);
  };
  for (const leg of legs) {
    if (leg.amount <= 0n) throw new Error(`ledger leg with non-positive amount ${leg.amount}`);
    add(leg.from, leg.assetId, -leg.amount);
    add(leg.to, leg.assetId, leg.amount);
  }
  return [...specs.values()].filter((s) => s.delta !== 0n);
}

/** An account's identifying columns, one array each (`unnest`): any number of accounts, four parameters. */
export const accountColumns: Record<string, UnnestColumn<{ ref: AccountRef; assetId: number }>> = {
  user_id: ['bigint', (s) => ('system' in s.ref ? null : s.ref.userId)],
  system_name: ['text', (s) => ('system' in s.ref ? s.ref.system : null)],
  asset_id: ['int', (s) => s.assetId],
  kind: ['text', (s) => ('system' in s.ref ? 'system' : s.ref.kind)],
};

/** Finds (creating where missing) and locks the accounts, in account_id order so that writers never deadlock. */
async function lockAccounts(trx: Database, specs: AccountSpec[]): Promise<Map<string, bigint>> {
  const find = async () => {
    // Two joins, each on its own unique index (user accounts, system accounts), then lock in id order.
    const { rows } = await sql<{
      account_id: bigint;
      user_id: bigint | null;
      system_name: string | null;
      asset_id: number;
      kind: string;
    }>`with w as (select * from ${unnestRows('w', specs, accountColumns)})
      select account_id, user_id, system_name, asset_id, kind from ledger_accounts
      where account_id in (
        select a.account_id from ledger_accounts a
          join w on a.user_id = w.user_id and a.asset_id = w.asset_id and a.kind = w.kind
        union all
        select a.account_id from ledger_accounts a
          join w on a.system_name = w.system_name and a.asset_id = w.asset_id and a.kind = w.kind)
      order by account_id for update`.execute(trx);
    return new Map(
      rows.map((r) => [
        r.system_name !== null
          ? `s:${r.system_name}:${r.asset_id}`
          : `u:${r.user_id}:${r.kind}:${r.asset_id}`,
        r.account_id,
      ]),
    );
  };
  let ids = await find();
  const missing = specs.filter((s) => !ids.has(s.key));
  if (missing.length > 0) {
    await sql`insert into ledger_accounts (user_id, system_name, asset_id, kind)
      select * from ${unnestRows('v', missing, accountColumns)} on conflict do nothing`.execute(trx);
    ids = await find();
  }
  return ids;
}

/**
 * Writes one journal entry. Balances change by guarded updates (never read-then-write): if any user
 * account would go below zero, nothing is written and the caller gets a 422.
 */
export async function post(trx: Database, entry: Entry): Promise<bigint> {
  const specs = netDeltas(entry.legs);
  if (specs.length === 0) throw new Error('ledger entry moves nothing');
  const ids = await lockAccounts(trx, specs);
  const rows = specs.map((s) => ({ accountId: ids.get(s.key)!, assetId: s.assetId, delta: s.delta }));

  const values = unnestRows('v', rows, {
    account_id: ['bigint', (r) => r.accountId],
    delta: ['bigint', (r) => r.delta],
  });
  const updated = await sql<{ account_id: bigint }>`
    update ledger_accounts as a set balance = a.balance + v.delta
    from ${values}
    where a.account_id = v.account_id and (a.user_id is null or a.balance + v.delta >= 0)
    returning a.account_id`.execute(trx);
  if (updated.rows.length !== rows.length) {
    throw new AppError('UNPROCESSABLE', entry.insufficientMessage ?? 'Insufficient balance.', {
      amount: 'is more than the balance',
    });
  }

  const postings = unnestRows('p', rows, {
    account_id: ['bigint', (r) => r.accountId],
    asset_id: ['int', (r) => r.assetId],
    amount: ['bigint', (r) => r.delta],
  });
  const inserted = await sql<{ entry_id: bigint }>`
    with e as (
      insert into journal_entries (kind, ref_type, ref_id, memo, created_at)
      values (${entry.kind}, ${entry.refType ?? null}, ${entry.refId ?? null}::bigint, ${entry.memo ?? null}, ${entry.now})
      returning entry_id
    )
    insert into postings (entry_id, account_id, asset_id, amount)
    select e.entry_id, p.account_id, p.asset_id, p.amount from e, ${postings}
    returning entry_id`.execute(trx);
  return inserted.rows[0]!.entry_id;
}

export interface UserBalances {
  available: bigint;
  on_hold: bigint;
  locked: bigint;
  staked: bigint;
  affiliate_wallet: bigint;
}

export const emptyBalances = (): UserBalances => ({
  available: 0n,
  on_hold: 0n,
  locked: 0n,
  staked: 0n,
  affiliate_wallet: 0n,
});

/** Every balance of a user, by asset id. */
export async function balancesOf(db: Database, userId: bigint): Promise<Map<number, UserBalances>> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['asset_id', 'kind', 'balance'])
    .where('user_id', '=', userId)
    .execute();
  const byAsset = new Map<number, UserBalances>();
  for (const row of rows) {
    const balances = byAsset.get(row.asset_id) ?? emptyBalances();
    balances[row.kind as UserAccountKind] = row.balance;
    byAsset.set(row.asset_id, balances);
  }
  return byAsset;
}

export async function balanceOf(
  db: Database,
  userId: bigint,
  assetId: number,
  kind: UserAccountKind,
): Promise<bigint> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('user_id', '=', userId)
    .where('asset_id', '=', assetId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row?.balance ?? 0n;
}
