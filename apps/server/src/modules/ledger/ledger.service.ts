import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { UserAccountKind } from '../../db/schema-funds.ts';
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
  | 'pool_funding'; // where the operator's pool funding comes from

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

/** Finds (creating where missing) and locks the accounts, in account_id order so that writers never deadlock. */
async function lockAccounts(trx: Database, specs: AccountSpec[]): Promise<Map<string, bigint>> {
  const find = async () => {
    const rows = await trx
      .selectFrom('ledger_accounts')
      .select(['account_id', 'user_id', 'system_name', 'asset_id', 'kind'])
      .where((eb) =>
        eb.or(
          specs.map((s) =>
            'system' in s.ref
              ? eb.and([
                  eb('system_name', '=', s.ref.system),
                  eb('asset_id', '=', s.assetId),
                  eb('kind', '=', 'system'),
                ])
              : eb.and([
                  eb('user_id', '=', s.ref.userId),
                  eb('asset_id', '=', s.assetId),
                  eb('kind', '=', s.ref.kind),
                ]),
          ),
        ),
      )
      .orderBy('account_id')
      .forUpdate()
      .execute();
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
    const values = missing.map((s) =>
      'system' in s.ref
        ? sql`(${null}::bigint, ${s.ref.system}::text, ${s.assetId}::int, 'system')`
        : sql`(${s.ref.userId}::bigint, ${null}::text, ${s.assetId}::int, ${s.ref.kind}::text)`,
    );
    await sql`insert into ledger_accounts (user_id, system_name, asset_id, kind)
      values ${sql.join(values)} on conflict do nothing`.execute(trx);
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

  const values = sql.join(rows.map((r) => sql`(${r.accountId}::bigint, ${r.delta}::bigint)`));
  const updated = await sql<{ account_id: bigint }>`
    update ledger_accounts as a set balance = a.balance + v.delta
    from (values ${values}) as v(account_id, delta)
    where a.account_id = v.account_id and (a.user_id is null or a.balance + v.delta >= 0)
    returning a.account_id`.execute(trx);
  if (updated.rows.length !== rows.length) {
    throw new AppError('UNPROCESSABLE', entry.insufficientMessage ?? 'Insufficient balance.', {
      amount: 'is more than the balance',
    });
  }

  const postings = sql.join(
    rows.map((r) => sql`(${r.accountId}::bigint, ${r.assetId}::int, ${r.delta}::bigint)`),
  );
  const inserted = await sql<{ entry_id: bigint }>`
    with e as (
      insert into journal_entries (kind, ref_type, ref_id, memo, created_at)
      values (${entry.kind}, ${entry.refType ?? null}, ${entry.refId ?? null}::bigint, ${entry.memo ?? null}, ${entry.now})
      returning entry_id
    )
    insert into postings (entry_id, account_id, asset_id, amount)
    select e.entry_id, p.account_id, p.asset_id, p.amount from e, (values ${postings}) as p(account_id, asset_id, amount)
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
