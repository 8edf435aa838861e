import { createHash } from 'node:crypto';
import { PAGE_SIZE, type TAuditCheck, type TTrailEntry } from '@fit24/contract';
import { toEpochSeconds } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import type { TrailRow } from '../../db/schema-operators.ts';
import * as repo from './trail.repository.ts';

/**
 * The operators' trail: every operator call and every refusal of one, in order, never changed. Each row's
 * hash covers the previous row's hash and its own content (JSON with sorted keys), so a row edited,
 * removed or put out of order breaks the chain from there on, and the audit says where. The database also
 * refuses UPDATE, DELETE and TRUNCATE on the table (a trigger).
 */
export interface TrailEntry {
  operatorId: bigint | null;
  operatorEmail: string | null;
  action: string;
  target: string | null;
  outcome: 'done' | 'refused';
  detail: Record<string, unknown>;
  ip: string | null;
}

/** Words that mark a secret in a request: never written to the trail. */
const SECRET = /password|code|challenge|token|secret|mnemonic|passkey/i;

/** A request's fields for the trail: secrets replaced, bigints as strings, long text cut. */
export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string') return value.length > 500 ? `${value.slice(0, 500)}…` : value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return depth > 4 ? '[…]' : value.slice(0, 50).map((v) => redact(v, depth + 1));
  if (value && typeof value === 'object') {
    if (depth > 4) return '{…}';
    return Object.fromEntries(
      Object.entries(value).map(([key, v]) => [key, SECRET.test(key) ? '[redacted]' : redact(v, depth + 1)]),
    );
  }
  return value ?? null;
}

/** JSON with every object's keys sorted: the same text for the same content, as written and as read back. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}

function hashOf(prevHash: string, row: Omit<TrailRow, 'hash' | 'prev_hash'>): string {
  const content = canonical({
    entry_id: row.entry_id.toString(),
    operator_id: row.operator_id?.toString() ?? null,
    operator_email: row.operator_email,
    action: row.action,
    target: row.target,
    outcome: row.outcome,
    detail: row.detail,
    ip: row.ip,
    created_at: row.created_at.toISOString(),
  });
  return createHash('sha256').update(`${prevHash}\n${content}`).digest('hex');
}

/** Appends one row after the chain's head (locked: appends chain one after another). */
export async function append(ctx: AppContext, entry: TrailEntry): Promise<void> {
  const detail = redact(entry.detail) as Record<string, unknown>;
  const created_at = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const head = await repo.lockHead(trx);
    const row = {
      entry_id: head.entry_id + 1n,
      operator_id: entry.operatorId,
      operator_email: entry.operatorEmail,
      action: entry.action,
      target: entry.target,
      outcome: entry.outcome,
      detail,
      ip: entry.ip,
      created_at,
    };
    const hash = hashOf(head.hash, row);
    await repo.append(trx, { ...row, detail: JSON.stringify(detail), prev_hash: head.hash, hash });
  });
}

/** The audit's check: every row in order, each hash right, each linked to the one before, the head last. */
export async function verify(ctx: AppContext): Promise<TAuditCheck> {
  const name = "the operators' trail is unbroken";
  let prev = '0'.repeat(64);
  let expected = 1n;
  let rows = await repo.chunk(ctx.db, 0n, 1000);
  while (rows.length > 0) {
    for (const row of rows) {
      const { hash, prev_hash, ...content } = row;
      if (row.entry_id !== expected)
        return { name, ok: false, detail: `entry ${expected} is missing (found ${row.entry_id} next)` };
      if (prev_hash !== prev || hashOf(prev, content) !== hash)
        return {
          name,
          ok: false,
          detail: `entry ${row.entry_id} was changed or does not follow the one before`,
        };
      prev = hash;
      expected++;
    }
    rows = await repo.chunk(ctx.db, expected - 1n, 1000);
  }
  const head = await repo.head(ctx.db);
  if (head.entry_id !== expected - 1n || head.hash !== prev)
    return {
      name,
      ok: false,
      detail: `the chain ends at entry ${expected - 1n}, its head says ${head.entry_id}`,
    };
  return { name, ok: true, detail: `${expected - 1n} entries, each chained to the one before` };
}

export function trailRowToEntry(row: TrailRow): TTrailEntry {
  return {
    entry_id: Number(row.entry_id),
    operator_id: row.operator_id === null ? null : Number(row.operator_id),
    operator_email: row.operator_email,
    action: row.action,
    target: row.target,
    outcome: row.outcome,
    detail: row.detail,
    ip: row.ip,
    creation_date: toEpochSeconds(row.created_at),
    hash: row.hash,
  };
}

export async function page(
  ctx: AppContext,
  query: { operator_id?: number; action?: string; target?: string; page?: number },
) {
  const pageNumber = query.page ?? 1;
  const { rows, total } = await repo.page(
    ctx.db,
    {
      ...(query.operator_id !== undefined ? { operatorId: BigInt(query.operator_id) } : {}),
      ...(query.action ? { action: query.action } : {}),
      ...(query.target ? { target: query.target } : {}),
    },
    pageNumber,
    PAGE_SIZE,
  );
  return { entries: rows.map(trailRowToEntry), page: pageNumber, page_size: PAGE_SIZE, total };
}

/** The last run of an action that was done, and what its handler noted after it (`detail.after`). */
export async function lastDone(ctx: AppContext, action: string) {
  const row = await repo.latestDone(ctx.db, action);
  return row ? { at: row.created_at, after: (row.detail as { after?: unknown }).after } : null;
}
