import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
import { AppError, badRequest } from './app-error.ts';
import type { IdempotencyClaim } from './idempotency.repository.ts';
import * as keysRepo from './idempotency.repository.ts';

export type { IdempotencyClaim } from './idempotency.repository.ts';

/** The `Idempotency-Key` header of a request, checked: 1 to 100 visible characters. */
export function idempotencyKey(request: FastifyRequest): string | null {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return null;
  return checkedIdempotencyKey(Array.isArray(raw) ? raw[0]! : raw);
}

/** An idempotency key however it came (the header, or a socket call's `idempotency_key`), checked. */
export function checkedIdempotencyKey(key: string): string {
  if (!/^[\x21-\x7e]{1,100}$/.test(key)) {
    throw badRequest('The Idempotency-Key header must be 1 to 100 visible characters.', {
      'Idempotency-Key': 'must be 1 to 100 visible characters',
    });
  }
  return key;
}

/** The claim of a request to an idempotent route, or null when it carries no key (or no user). */
export function claimOf(
  request: FastifyRequest,
  route: string,
  userId: bigint | undefined,
  body: unknown,
): IdempotencyClaim | null {
  const key = idempotencyKey(request);
  if (key === null || userId === undefined) return null;
  return { userId, route, key, requestHash: hashRequest(body) };
}

/**
 * Secrets a body may carry. They are left out of the stored hash: a sha256 of a low-entropy password
 * in the database could be guessed offline, and a retry with a fresh 2FA code is the same request.
 */
const SECRET_FIELDS = new Set(['password', 'txn_password', 'two_factor_code', 'passkey_token']);

/** A stable hash of a request body without its secrets: the same fields in any order hash alike. */
export function hashRequest(body: unknown): string {
  const canonical = JSON.stringify(body ?? null, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(
          Object.entries(value as Record<string, unknown>)
            .filter(([field]) => !SECRET_FIELDS.has(field))
            .sort(([a], [b]) => a.localeCompare(b)),
        )
      : value,
  );
  return createHash('sha256').update(canonical).digest('hex');
}

/**
 * The stored answer of an earlier request with this key, or null (none, or still running). A key used
 * for a different body is refused (422, as Stripe does): it is a client's bug, never a retry.
 */
export async function replay(db: Database, claim: IdempotencyClaim): Promise<unknown | null> {
  const row = await keysRepo.find(db, claim);
  if (!row) return null;
  if (row.request_hash !== claim.requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  return row.response ?? null;
}

/** The answer to a request whose key was claimed by another one: its stored answer, or 409 while it runs. */
export async function answerOfRepeat(db: Database, claim: IdempotencyClaim): Promise<unknown> {
  const earlier = await replay(db, claim);
  if (earlier !== null) return earlier;
  throw new AppError('CONFLICT', 'A request with this Idempotency-Key is still being processed.');
}

/**
 * Runs `work` in one transaction, once per claim: the key is claimed first in the same transaction (a
 * concurrent repeat waits on its row, then answers the stored answer), and `work`'s result is stored as
 * the key's answer before the commit — so work is never done without its answer, nor twice. `work` must
 * return the route's `data`: the HTTP layer answers a repeat with it as it is. A null claim (no key, or
 * no request: demo, tests) just runs the transaction.
 */
export function transactOnce<T>(
  db: Database,
  claim: IdempotencyClaim | null,
  now: Date,
  work: (trx: Database) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    if (!claim) return work(trx);
    if (!(await keysRepo.claim(trx, claim, now))) return (await answerOfRepeat(trx, claim)) as T;
    const answer = await work(trx);
    await keysRepo.saveAnswer(trx, claim, answer);
    return answer;
  });
}
