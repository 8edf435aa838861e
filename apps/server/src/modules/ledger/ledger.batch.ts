import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { unnestRows } from '../../db/unnest.ts';
import { type AccountRef, accountColumns, type Entry } from './ledger.service.ts';

/** Ledger account ids by account key; an account's id never changes, so a worker may keep them. */
export type AccountIds = Map<string, bigint>;

/** The ledger side of one batch statement: its CTEs, and the account ids it had to look up. */
export interface LedgerParts {
  ctes: RawBuilder<unknown>[];
  /** Ids found or created for this batch: the caller keeps them once its transaction commits. */
  resolved: AccountIds;
}

/**
 * Many journal entries as parts (CTEs) of the caller's one batch statement (DESIGN §9): every touched
 * account locked in account_id order (as `post` locks, so writers never deadlock), one update of the
 * net change per account, every entry and its postings. Same rules as `post`: each entry sums to zero per
 * asset, and no user balance may end below zero — the table's CHECK refuses it and the whole batch with
 * it. Account ids come from `known` where it has them; the others cost one statement, which also creates
 * the accounts that do not exist yet.
 *
 * Each entry must be told apart by (kind, refType, refId) within the batch: that key ties postings to
 * the entry ids PostgreSQL assigns.
 */
export async function ledgerParts(trx: Database, entries: Entry[], known: AccountIds): Promise<LedgerParts> {
  const accounts = new Map<string, { ref: AccountRef; assetId: number; net: bigint }>();
  const postings: Array<{ entry: Entry; key: string; assetId: number; amount: bigint }> = [];
  const seen = new Set<string>();
  for (const entry of entries) {
    const id = `${entry.kind}:${entry.refType}:${entry.refId}`;
    if (entry.refType === undefined || entry.refId === undefined || seen.has(id)) {
      throw new Error(`a batch needs a distinct (kind, refType, refId) per entry: ${id}`);
    }
    seen.add(id);
    const deltas = new Map<string, bigint>();
    for (const leg of entry.legs) {
      if (leg.amount <= 0n) throw new Error(`ledger leg with non-positive amount ${leg.amount}`);
      for (const [ref, delta] of [
        [leg.from, -leg.amount],
        [leg.to, leg.amount],
      ] as const) {
        const key = keyOf(ref, leg.assetId);
        if (!accounts.has(key)) accounts.set(key, { ref, assetId: leg.assetId, net: 0n });
        accounts.get(key)!.net += delta;
        deltas.set(key, (deltas.get(key) ?? 0n) + delta);
      }
    }
    for (const [key, amount] of deltas) {
      if (amount !== 0n) postings.push({ entry, key, assetId: accounts.get(key)!.assetId, amount });
    }
  }
  if (postings.length === 0) return { ctes: [], resolved: new Map() };

  const unknown = [...accounts].filter(([key]) => !known.has(key));
  let resolved = await resolveAccounts(trx, unknown);
  if (resolved.size < unknown.length) {
    // Another transaction created one of them meanwhile: it is committed now, and a new statement sees it.
    resolved = await resolveAccounts(trx, unknown);
    if (resolved.size < unknown.length) throw new Error('ledger accounts could not be resolved');
  }
  const idOf = (key: string) => known.get(key) ?? resolved.get(key)!;
  const changed = [...accounts].filter(([, a]) => a.net !== 0n);
  const v = unnestRows('v', changed, {
    account_id: ['bigint', ([key]) => idOf(key)],
    delta: ['bigint', ([, a]) => a.net],
  });
  const e = unnestRows('v', entries, {
    kind: ['text', (e) => e.kind],
    ref_type: ['text', (e) => e.refType],
    ref_id: ['bigint', (e) => e.refId],
    memo: ['text', (e) => e.memo ?? null],
    created_at: ['timestamptz', (e) => e.now],
  });
  const p = unnestRows('p', postings, {
    kind: ['text', (p) => p.entry.kind],
    ref_type: ['text', (p) => p.entry.refType],
    ref_id: ['bigint', (p) => p.entry.refId],
    account_id: ['bigint', (p) => idOf(p.key)],
    asset_id: ['int', (p) => p.assetId],
    amount: ['bigint', (p) => p.amount],
  });
  const ids = changed.map(([key]) => idOf(key));
  return {
    resolved,
    ctes: [
      // Materialized and read by the update, so that every lock is taken, in id order, before any change.
      sql`ledger_locked as materialized (
        select account_id from ledger_accounts where account_id = any(${ids}::bigint[])
        order by account_id for update)`,
      sql`ledger_updated as (
        update ledger_accounts as a set balance = a.balance + v.delta from ${v}
        where a.account_id = v.account_id and a.account_id in (select account_id from ledger_locked))`,
      sql`ledger_entries as (
        insert into journal_entries (kind, ref_type, ref_id, memo, created_at) select * from ${e}
        returning entry_id, kind, ref_type, ref_id)`,
      sql`ledger_postings as (
        insert into postings (entry_id, account_id, asset_id, amount)
        select e.entry_id, p.account_id, p.asset_id, p.amount from ${p}
        join ledger_entries e on e.kind = p.kind and e.ref_type = p.ref_type and e.ref_id = p.ref_id)`,
    ],
  };
}

const keyOf = (ref: AccountRef, assetId: number) =>
  'system' in ref ? `s:${ref.system}:${assetId}` : `u:${ref.userId}:${ref.kind}:${assetId}`;

/** The ids of these accounts, creating those that do not exist yet, in one statement. */
async function resolveAccounts(
  trx: Database,
  accounts: Array<[string, { ref: AccountRef; assetId: number }]>,
): Promise<AccountIds> {
  const ids: AccountIds = new Map();
  if (accounts.length === 0) return ids;
  const v = unnestRows(
    'v',
    accounts.map(([, account]) => account),
    accountColumns,
  );
  // A row the insert creates is not visible to the same statement's select: it comes from RETURNING.
  const { rows } = await sql<{
    account_id: bigint;
    user_id: bigint | null;
    system_name: string | null;
    asset_id: number;
    kind: string;
  }>`with wanted as materialized (select * from ${v}),
    created as (
      insert into ledger_accounts (user_id, system_name, asset_id, kind) select * from wanted
      on conflict do nothing
      returning account_id, user_id, system_name, asset_id, kind)
    select * from created
    union all
    select a.account_id, a.user_id, a.system_name, a.asset_id, a.kind from ledger_accounts a
    join wanted w on a.asset_id = w.asset_id and a.kind = w.kind
      and (a.user_id = w.user_id or a.system_name = w.system_name)`.execute(trx);
  for (const r of rows) {
    ids.set(
      r.system_name !== null ? `s:${r.system_name}:${r.asset_id}` : `u:${r.user_id}:${r.kind}:${r.asset_id}`,
      r.account_id,
    );
  }
  return ids;
}
