import { sql } from 'kysely';
import type { AuditCheck } from '../../modules/ledger/ledger.audit.ts';

const count = (n: number, what: string) => `${n === 0 ? 'no' : n} ${what}`;

async function countOf(ctx: Parameters<AuditCheck>[0], query: ReturnType<typeof sql<{ n: string }>>) {
  const { rows } = await query.execute(ctx.db);
  return Number(rows[0]?.n ?? 0);
}

/** Trading's invariants, beside the ledger's on-hold check (which counts open orders' holds). */
export const tradingChecks: AuditCheck[] = [
  async (ctx) => {
    const n = await countOf(
      ctx,
      sql`select count(*)::text as n from orders where status not in ('NEW', 'PARTIAL', 'UNTRIGGERED') and hold_remaining <> 0`,
    );
    return {
      name: 'finished orders hold nothing',
      ok: n === 0,
      detail: count(n, 'finished orders with a hold'),
    };
  },
  async (ctx) => {
    const n = await countOf(
      ctx,
      sql`select count(*)::text as n from orders o
        left join (
          select order_id, sum(amount) as lots, sum(quote) as quote from (
            select maker_order_id as order_id, amount, quote from trades
            union all select taker_order_id, amount, quote from trades
          ) t group by order_id
        ) t using (order_id)
        where o.filled <> coalesce(t.lots, 0) or o.filled_quote <> coalesce(t.quote, 0)
          or (o.amount is not null and o.filled > o.amount) or (o.total is not null and o.filled_quote > o.total)`,
    );
    return {
      name: "every order's fills equal its trades and stay within its size",
      ok: n === 0,
      detail: count(n, 'orders out of step with their trades'),
    };
  },
  async (ctx) => {
    const n = await countOf(
      ctx,
      sql`select count(*)::text as n from trades t
        where not exists (select 1 from journal_entries e where e.ref_type = 'trade' and e.ref_id = t.trade_id and e.kind = 'TRADE')`,
    );
    return {
      name: 'every trade has its ledger entry',
      ok: n === 0,
      detail: count(n, 'trades without an entry'),
    };
  },
  async (ctx) => {
    const n = await countOf(
      ctx,
      sql`select count(*)::text as n from orders o
        left join orders other on other.order_id = o.oco_order_id
        where (o.status = 'UNTRIGGERED' and (o.filled <> 0 or o.triggered_at is not null))
          or (o.oco_order_id is not null and (other.oco_order_id is distinct from o.order_id
            or (o.filled > 0 and other.filled > 0)))`,
    );
    return {
      name: 'stops wait unfilled, and the legs of an OCO name each other and never both fill',
      ok: n === 0,
      detail: count(n, 'stops or OCO legs out of order'),
    };
  },
];
