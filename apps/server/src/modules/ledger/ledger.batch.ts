import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
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
    const values = sql.join(changed.map(([key, a]) => sql`(${ids.get(key)!}::bigint, ${a.net}::bigint)`));
    const updated = await sql`
      update ledger_accounts as a set balance = a.balance + v.delta
      from (values ${values}) as v(account_id, delta)
      where a.account_id = v.account_id and (a.user_id is null or a.balance + v.delta >= 0)
      returning a.account_id`.execute(trx);
    if (updated.rows.length !== changed.length) {
      throw new Error('postMany: a user balance would go below zero');
    }
  }

  const entryValues = sql.join(
    entries.map(
      (e) =>
        sql`(${e.kind}::text, ${e.refType}::text, ${e.refId}::bigint, ${e.memo ?? null}::text, ${e.now}::timestamptz)`,
    ),
  );
  const postingValues = sql.join(
    postings.map((p) => {
      const e = entries[p.entry]!;
      return sql`(${e.kind}::text, ${e.refType}::text, ${e.refId}::bigint, ${ids.get(p.key)!}::bigint, ${p.assetId}::int, ${p.amount}::bigint)`;
    }),
  );
  await sql`
    with e as (
      insert into journal_entries (kind, ref_type, ref_id, memo, created_at)
      select * from (values ${entryValues}) as v(kind, ref_type, ref_id, memo, created_at)
      returning entry_id, kind, ref_type, ref_id
    )
    insert into postings (entry_id, account_id, asset_id, amount)
    select e.entry_id, p.account_id, p.asset_id, p.amount
    from (values ${postingValues}) as p(kind, ref_type, ref_id, account_id, asset_id, amount)
    join e on e.kind = p.kind and e.ref_type = p.ref_type and e.ref_id = p.ref_id`.execute(trx);
}

const keyOf = (ref: AccountRef, assetId: number) =>
  'system' in ref ? `s:${ref.system}:${assetId}` : `u:${ref.userId}:${ref.kind}:${assetId}`;

/** Finds, creating where missing, and locks the accounts in account_id order (as `post` does). */
async function lockAccounts(
  trx: Database,
  accounts: Map<string, { ref: AccountRef; assetId: number }>,
): Promise<Map<string, bigint>> {
  const users: RawBuilder<unknown>[] = [];
  const systems: RawBuilder<unknown>[] = [];
  for (const { ref, assetId } of accounts.values()) {
    if ('system' in ref) systems.push(sql`(${ref.system}::text, ${assetId}::int, 'system'::text)`);
    else users.push(sql`(${ref.userId}::bigint, ${assetId}::int, ${ref.kind}::text)`);
  }
  const conditions = [
    ...(users.length > 0 ? [sql`(user_id, asset_id, kind) in (values ${sql.join(users)})`] : []),
    ...(systems.length > 0 ? [sql`(system_name, asset_id, kind) in (values ${sql.join(systems)})`] : []),
  ];
  const find = async () => {
    const { rows } = await sql<{
      account_id: bigint;
      user_id: bigint | null;
      system_name: string | null;
      asset_id: number;
      kind: string;
    }>`select account_id, user_id, system_name, asset_id, kind from ledger_accounts
      where ${sql.join(conditions, sql` or `)} order by account_id for update`.execute(trx);
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
    const values = missing.map(([, { ref, assetId }]) =>
      'system' in ref
        ? sql`(${null}::bigint, ${ref.system}::text, ${assetId}::int, 'system')`
        : sql`(${ref.userId}::bigint, ${null}::text, ${assetId}::int, ${ref.kind}::text)`,
    );
    await sql`insert into ledger_accounts (user_id, system_name, asset_id, kind)
      values ${sql.join(values)} on conflict do nothing`.execute(trx);
    ids = await find();
  }
  return ids;
}
