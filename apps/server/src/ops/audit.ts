import type { TAuditCheck, TAuditData } from '@fit24/contract';
import type { AppContext } from '../context.ts';
import { appliedMigrations } from '../db/database.ts';
import { migrationNames } from '../db/migrations/index.ts';
import { type AuditCheck, ledgerChecks } from '../modules/ledger/ledger.audit.ts';
import * as trail from '../modules/operators/trail.ts';
import { tradingChecks } from '../trading/orders/orders.audit.ts';

/**
 * The invariants `/ops/audit` proves: the foundation's here, the ledger's (DESIGN §4) beside the ledger.
 */
const foundationChecks: AuditCheck[] = [
  async (ctx) => {
    const applied = await appliedMigrations(ctx.db);
    const missing = migrationNames.filter((name) => !applied.includes(name));
    return {
      name: 'migrations',
      ok: missing.length === 0,
      detail: missing.length === 0 ? `${applied.length} applied` : `not applied: ${missing.join(', ')}`,
    };
  },
  async (ctx) => {
    const row = await ctx.db
      .selectFrom('sessions')
      .leftJoin('users', 'users.user_id', 'sessions.user_id')
      .select((eb) => eb.fn.countAll<string>().as('orphans'))
      .where('users.user_id', 'is', null)
      .executeTakeFirstOrThrow();
    const orphans = Number(row.orphans);
    return {
      name: 'sessions belong to users',
      ok: orphans === 0,
      detail: orphans === 0 ? 'every session has its user' : `${orphans} sessions without a user`,
    };
  },
];

const checks: AuditCheck[] = [
  ...foundationChecks,
  ...ledgerChecks,
  ...tradingChecks,
  (ctx) => trail.verify(ctx),
];

export async function runAudit(ctx: AppContext): Promise<TAuditData> {
  const results: TAuditCheck[] = [];
  for (const check of checks) {
    try {
      results.push(await check(ctx));
    } catch (error) {
      results.push({ name: check.name || 'check', ok: false, detail: `failed to run: ${String(error)}` });
    }
  }
  return { ok: results.every((c) => c.ok), checks: results };
}
