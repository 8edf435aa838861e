import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { unnestRows } from '../../db/unnest.ts';
import type { AccountRef, Entry } from './ledger.service.ts';

/**
 * Many journal entries in a constant number of statements (DESIGN §9), for the market worker's group
 * commit: lock (and create where missing) every account the batch touches, one guarded update of the
 * net change per account, one statement for every entry and its postings. Same rules as `post`: each
 * entry sums to zero per asset, and no user balance may end below zero (else 422 and nothing is written).
 *
 * Each entry must be told apart by (kind, refType, refId) within the batch: that key ties postings to
 * the entry ids PostgreSQL assigns.
 */
export async function postMany(trx: Database, entries: Entry[]): Promise<void> {
  const accounts = new Map<string, { ref: AccountRef; assetId: number; net: bigint }>();
  const postings: Array<{ entry: number; key: string; assetId: number; amount: bigint }> = [];
  const seen = new Set<string>();
  entries.forEach((entry, index) => {
    const id = `${entry.kind}:${entry.refType}:${entry.refId}`;
    if (entry.refType === undefined || entry.refId === undefined || seen.has(id)) {
      throw new Error(`postMany needs a distinct (kind, refType, refId) per entry: ${id}`);
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
      if (amount !== 0n) postings.push({ entry: index, key, assetId: accounts.get(key)!.assetId, amount });
    }
  });
  if (postings.length === 0) return;

  const ids = await lockAccounts(trx, accounts);
  const changed = [...accounts].filter(([, a]) => a.net !== 0n);
  if (changed.length > 0) {
    const v = unnestRows('v', changed, {
      account_id: ['bigint', ([key]) => ids.get(key)!],
      delta: ['bigint', ([, a]) => a.net],
    });
    const updated = await sql`
      update ledger_accounts as a set balance = a.balance + v.delta
      from ${v}
      where a.account_id = v.account_id and (a.user_id is null or a.balance + v.delta >= 0)
      returning a.account_id`.execute(trx);
    if (updated.rows.length !== changed.length) {
      throw new Error('postMany: a user balance would go below zero');
    }
  }

  const e = unnestRows('v', entries, {
    kind: ['text', (e) => e.kind],
    ref_type: ['text', (e) => e.refType],
    ref_id: ['bigint', (e) => e.refId],
    memo: ['text', (e) => e.memo ?? null],
    created_at: ['timestamptz', (e) => e.now],
  });
  const p = unnestRows('p', postings, {
    kind: ['text', (p) => entries[p.entry]!.kind],
    ref_type: ['text', (p) => entries[p.entry]!.refType],
    ref_id: ['bigint', (p) => entries[p.entry]!.refId],
    account_id: ['bigint', (p) => ids.get(p.key)!],
    asset_id: ['int', (p) => p.assetId],
    amount: ['bigint', (p) => p.amount],
  });
  await sql`
    with e as (
      insert into journal_entries (kind, ref_type, ref_id, memo, created_at)
      select * from ${e}
      returning entry_id, kind, ref_type, ref_id
    )
    insert into postings (entry_id, account_id, asset_id, amount)
    select e.entry_id, p.account_id, p.asset_id, p.amount
    from ${p}
    join e on e.kind = p.kind and e.ref_type = p.ref_type and e.ref_id = p.ref_id`.execute(trx);
}

const keyOf = (ref: AccountRef, assetId: number) =>
  'system' in ref ? `s:${ref.system}:${assetId}` : `u:${ref.userId}:${ref.kind}:${assetId}`;

/** Finds, creating where missing, and locks the accounts in account_id order (as `post` does). */
async function lockAccounts(
  trx: Database,
  accounts: Map<string, { ref: AccountRef; assetId: number }>,
): Promise<Map<string, bigint>> {
  const users: Array<{ ref: { userId: bigint; kind: string }; assetId: number }> = [];
  const systems: Array<{ ref: { system: string }; assetId: number }> = [];
  for (const { ref, assetId } of accounts.values()) {
    if ('system' in ref) systems.push({ ref, assetId });
    else users.push({ ref, assetId });
  }
  const userRows = unnestRows('v', users, {
    user_id: ['bigint', (u) => u.ref.userId],
    asset_id: ['int', (u) => u.assetId],
    kind: ['text', (u) => u.ref.kind],
  });
  const systemRows = unnestRows('v', systems, {
    system_name: ['text', (s) => s.ref.system],
    asset_id: ['int', (s) => s.assetId],
  });
  // Joins rather than OR-ed conditions, so that each side uses its unique index.
  const matching = sql`select a.account_id from ledger_accounts a
      join ${userRows} on a.user_id = v.user_id and a.asset_id = v.asset_id and a.kind = v.kind
    union all
    select a.account_id from ledger_accounts a
      join ${systemRows} on a.system_name = v.system_name and a.asset_id = v.asset_id and a.kind = 'system'`;
  const find = async () => {
    const { rows } = await sql<{
      account_id: bigint;
      user_id: bigint | null;
      system_name: string | null;
      asset_id: number;
      kind: string;
    }>`select account_id, user_id, system_name, asset_id, kind from ledger_accounts
      where account_id in (${matching}) order by account_id for update`.execute(trx);
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
  const missing = [...accounts].filter(([key]) => !ids.has(key));
  if (missing.length > 0) {
    const v = unnestRows('v', missing, {
      user_id: ['bigint', ([, { ref }]) => ('system' in ref ? null : ref.userId)],
      system_name: ['text', ([, { ref }]) => ('system' in ref ? ref.system : null)],
      asset_id: ['int', ([, { assetId }]) => assetId],
      kind: ['text', ([, { ref }]) => ('system' in ref ? 'system' : ref.kind)],
    });
    await sql`insert into ledger_accounts (user_id, system_name, asset_id, kind)
      select * from ${v} on conflict do nothing`.execute(trx);
    ids = await find();
  }
  return ids;
}
