import type { TAuditCheck } from '@fit24/contract';
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';

/** One invariant of `npm run ops -- audit`: each layer lists its own (ledger here, trading in trading/orders). */
export type AuditCheck = (ctx: AppContext) => Promise<TAuditCheck>;

const count = (n: number, what: string) => `${n === 0 ? 'no' : n} ${what}`;

/** The invariants of DESIGN §4, each a query that finds the rows breaking it. */
export const ledgerChecks: AuditCheck[] = [
  async (ctx) => {
    const { rows } = await sql<{ entry_id: bigint; asset_id: number; total: string }>`
      select entry_id, asset_id, sum(amount)::text as total from postings
      group by entry_id, asset_id having sum(amount) <> 0 limit 5`.execute(ctx.db);
    return {
      name: 'every journal entry sums to zero per asset',
      ok: rows.length === 0,
      detail:
        rows.length === 0
          ? 'all entries balance'
          : `unbalanced: ${rows.map((r) => `entry ${r.entry_id} asset ${r.asset_id} (${r.total})`).join(', ')}`,
    };
  },
  async (ctx) => {
    const { rows } = await sql<{ asset_id: number; total: string }>`
      select asset_id, sum(balance)::text as total from ledger_accounts group by asset_id having sum(balance) <> 0`.execute(
      ctx.db,
    );
    return {
      name: 'balances of every asset sum to zero',
      ok: rows.length === 0,
      detail:
        rows.length === 0
          ? 'nothing created, nothing lost'
          : rows.map((r) => `asset ${r.asset_id}: ${r.total}`).join(', '),
    };
  },
  async (ctx) => {
    const { rows } = await sql<{ account_id: bigint }>`
      select a.account_id from ledger_accounts a
      left join (select account_id, sum(amount) as total from postings group by account_id) p using (account_id)
      where a.balance <> coalesce(p.total, 0) limit 5`.execute(ctx.db);
    return {
      name: 'every balance equals the sum of its postings',
      ok: rows.length === 0,
      detail:
        rows.length === 0
          ? 'all balances match'
          : `mismatched accounts: ${rows.map((r) => r.account_id).join(', ')}`,
    };
  },
  async (ctx) => {
    const { rows } = await sql<{ n: string }>`
      select count(*)::text as n from ledger_accounts where user_id is not null and balance < 0`.execute(
      ctx.db,
    );
    const n = Number(rows[0]?.n ?? 0);
    return { name: 'no user balance below zero', ok: n === 0, detail: count(n, 'negative user balances') };
  },
  async (ctx) => {
    const { rows } = await sql<{ user_id: bigint; asset_id: number }>`
      with holds as (
        select user_id, asset_id, sum(held) as held from (
          select user_id, asset_id, amount + fee as held from withdrawals where status in ('PENDING', 'PROCESSING')
          union all
          select user_id, hold_asset_id, hold_remaining from orders where status in ('NEW', 'PARTIAL', 'UNTRIGGERED')
        ) h group by user_id, asset_id
      )
      select coalesce(a.user_id, h.user_id) as user_id, coalesce(a.asset_id, h.asset_id) as asset_id
      from (select user_id, asset_id, balance from ledger_accounts where kind = 'on_hold' and user_id is not null) a
      full join holds h on h.user_id = a.user_id and h.asset_id = a.asset_id
      where coalesce(a.balance, 0) <> coalesce(h.held, 0) limit 5`.execute(ctx.db);
    return {
      name: 'on hold equals what pending withdrawals and open orders hold',
      ok: rows.length === 0,
      detail:
        rows.length === 0
          ? 'every hold is accounted for'
          : `mismatched: ${rows.map((r) => `user ${r.user_id} asset ${r.asset_id}`).join(', ')}`,
    };
  },
  async (ctx) => {
    const { rows } = await sql<{ n: string }>`
      select count(*)::text as n from deposits d
      where (d.status = 'CREDITED') <> exists (
        select 1 from journal_entries e where e.ref_type = 'deposit' and e.ref_id = d.deposit_id and e.kind in ('DEPOSIT', 'TREASURY_DEPOSIT'))`.execute(
      ctx.db,
    );
    const n = Number(rows[0]?.n ?? 0);
    return {
      name: 'each credited deposit has exactly its ledger entry',
      ok: n === 0,
      detail: count(n, 'deposits out of step'),
    };
  },
  async (ctx) => {
    const { rows } = await sql<{ balance: string }>`
      select balance::text as balance from ledger_accounts where system_name = 'rewards_pool' and balance < 0`.execute(
      ctx.db,
    );
    return {
      name: 'the rewards pool never pays more than it holds',
      ok: rows.length === 0,
      detail:
        rows.length === 0
          ? 'pool balance is not negative'
          : `pool is short: ${rows.map((r) => r.balance).join(', ')}`,
    };
  },
  async (ctx) => {
    const { rows } = await sql<{ n: string }>`
      select count(*)::text as n from (
        select a.affiliate_id from affiliates a
        left join (select affiliate_id, sum(amount) as staked from stakes group by affiliate_id) s using (affiliate_id)
        left join ledger_accounts l on l.user_id = a.user_id and l.kind = 'staked'
          and l.asset_id = (select asset_id from assets where symbol = 'FIT24')
        where coalesce(s.staked, 0) <> coalesce(l.balance, 0)
      ) mismatched`.execute(ctx.db);
    const n = Number(rows[0]?.n ?? 0);
    return {
      name: 'staked balances equal the stakes',
      ok: n === 0,
      detail: count(n, 'affiliates out of step'),
    };
  },
];
