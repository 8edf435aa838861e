// What the chaos run proves after each kill, as a pure function of what the clients were told (`Told`)
// and what the database holds (`Snapshot`, read in one consistent snapshot by `readSnapshot`): kept apart
// so that its unit test can show each violation is caught.
import { toBaseUnits } from '../../packages/contract/src/base-units.ts';

export type RequestKind = 'order' | 'transfer' | 'cancel';

/**
 * One request a client sent. `acked`: it had a success answer (`id` is the order, transfer or cancelled
 * order it named); `refused`: a definitive refusal (4xx), so nothing of it may exist; `unknown`: no answer
 * (the server died, 5xx, 409 while a repeat ran) — retried with the same Idempotency-Key until it is one
 * of the other two.
 */
export interface Sent {
  kind: RequestKind;
  userId: number;
  /** The Idempotency-Key (orders and transfers); cancels carry none. */
  key: string | null;
  body: Record<string, unknown>;
  state: 'acked' | 'refused' | 'unknown';
  id: number | null;
  /** A cancel's answer: the order's status it reported. */
  status: string | null;
  /** The HTTP status of the last answer (0: none). */
  code: number;
}

export interface Told {
  requests: Sent[];
  /** The devnet deposits credited to the users at the start (the only money that entered). */
  deposits: Array<{ symbol: string; amount: string }>;
}

export interface Snapshot {
  orders: Array<{ id: number; userId: number; status: string; pending: boolean }>;
  transfers: Array<{ id: number; from: number; to: number }>;
  /** `idempotency_keys`: what each key's stored answer names (null while claimed but not answered). */
  keys: Array<{ userId: number; route: string; key: string; answered: boolean; id: number | null }>;
  /** Per asset, in base units: users' accounts, the fee account, the chain account, every other account. */
  supply: Array<{
    symbol: string;
    decimals: number;
    users: bigint;
    fees: bigint;
    chain: bigint;
    other: bigint;
  }>;
  /** Credited deposits per asset, in base units. */
  credited: Map<string, bigint>;
}

const ROUTE: { [kind in RequestKind]?: string } = { order: 'order.create', transfer: 'asset.transfer' };

/** Every broken promise, in words; empty when the database holds exactly what was acknowledged. */
export function findViolations(told: Told, db: Snapshot): string[] {
  const problems: string[] = [];
  const orders = new Map(db.orders.map((o) => [o.id, o]));
  const transfers = new Map(db.transfers.map((t) => [t.id, t]));
  const keys = new Map(db.keys.map((k) => [`${k.userId}:${k.route}:${k.key}`, k]));

  const signedOut = told.requests.filter((r) => r.code === 401).length;
  if (signedOut > 0)
    problems.push(`${signedOut} requests of signed-in users were answered 401 (sessions lost)`);
  for (const r of told.requests) {
    const route = ROUTE[r.kind];
    const stored = route && r.key ? keys.get(`${r.userId}:${route}:${r.key}`) : undefined;
    if (r.state === 'refused' && stored?.answered) {
      problems.push(`a refused ${r.kind} (key ${r.key}) was carried out: ${r.kind} #${stored.id}`);
    }
    if (r.state !== 'acked') continue;
    if (r.kind === 'order') {
      const row = orders.get(r.id!);
      if (!row || row.userId !== r.userId || row.status === 'REJECTED') {
        problems.push(`acknowledged order #${r.id} (key ${r.key}) is not in the database`);
      }
      if (stored?.id !== r.id) {
        problems.push(
          `acknowledged order #${r.id}: its Idempotency-Key ${r.key} answers ${stored ? `#${stored.id}` : 'nothing'}`,
        );
      }
    } else if (r.kind === 'transfer') {
      const row = transfers.get(r.id!);
      if (!row || row.from !== r.userId) {
        problems.push(`acknowledged transfer #${r.id} (key ${r.key}) is not in the database`);
      }
      if (stored?.id !== r.id) {
        problems.push(
          `acknowledged transfer #${r.id}: its Idempotency-Key ${r.key} answers ${stored ? `#${stored.id}` : 'nothing'}`,
        );
      }
    } else if (r.status === 'CANCELLED' && orders.get(r.id!)?.status !== 'CANCELLED') {
      problems.push(
        `acknowledged cancel of order #${r.id} is not in the database (${orders.get(r.id!)?.status})`,
      );
    }
  }

  // Nothing twice: every order and transfer is the answer of exactly one request's key. Orders handed to
  // a market's owner by another process are answered after the owner's commit: as many may be unanswered
  // as keys are still claimed without an answer.
  for (const [route, rows, name] of [
    ['order.create', db.orders.filter((o) => o.status !== 'REJECTED'), 'order'],
    ['asset.transfer', db.transfers, 'transfer'],
  ] as const) {
    const answers = new Map<number, number>();
    let unanswered = 0;
    for (const k of db.keys) {
      if (k.route !== route) continue;
      if (!k.answered) unanswered += 1;
      else if (k.id !== null) answers.set(k.id, (answers.get(k.id) ?? 0) + 1);
    }
    let orphans = 0;
    for (const row of rows) {
      const n = answers.get(row.id) ?? 0;
      if (n > 1) problems.push(`${name} #${row.id} is the answer of ${n} requests`);
      if (n === 0) orphans += 1;
    }
    if (orphans > unanswered) {
      problems.push(
        `${orphans - unanswered} ${name}s in the database that no request was answered with (duplicates)`,
      );
    }
    const ids = new Set(rows.map((row) => row.id));
    for (const id of answers.keys()) {
      if (!ids.has(id)) problems.push(`a stored answer names ${name} #${id}, which is not in the database`);
    }
  }

  // Supply equals deposits: what the users and the fee account hold (holds included) is what came in.
  for (const asset of db.supply) {
    let deposited = 0n;
    for (const d of told.deposits) {
      if (d.symbol === asset.symbol) deposited += toBaseUnits(d.amount, asset.decimals) ?? 0n;
    }
    const credited = db.credited.get(asset.symbol) ?? 0n;
    const held = asset.users + asset.fees;
    if (held !== deposited || credited !== deposited || asset.chain !== -deposited || asset.other !== 0n) {
      problems.push(
        `${asset.symbol}: users ${asset.users} + fees ${asset.fees} = ${held}, deposited ${deposited}, credited ${credited}, chain account ${asset.chain}, other accounts ${asset.other} (base units)`,
      );
    }
  }
  return problems;
}
