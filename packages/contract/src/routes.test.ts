import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { errorCatalogue } from './errors.ts';
import { PERMISSIONS } from './operators.ts';
import { routeList } from './routes.ts';

/** The calls of spec §7, read from the specification itself (docs/spec.md, kept in the repository). */
function specCalls(): string[] {
  const spec = readFileSync(fileURLToPath(new URL('../../../docs/spec.md', import.meta.url)), 'utf8');
  const section = (title: string) => {
    const start = spec.indexOf(`### ${title}`);
    const end = spec.indexOf('\n##', start + 4);
    return spec.slice(start, end === -1 ? undefined : end);
  };
  const calls: string[] = [];
  for (const [, method, path] of section('Public').matchAll(/^\| (GET|POST) \| (\/api\/\S+) \|/gm)) {
    calls.push(`${method} ${path}`);
  }
  for (const [, path] of section('Signed-in GET').matchAll(/^- (\/api\/[^\s?]+)/gm))
    calls.push(`GET ${path}`);
  for (const [path] of section('Signed-in POST').matchAll(/\/api\/[a-z0-9/-]+[a-z0-9]/g))
    calls.push(`POST ${path}`);
  return calls;
}

describe('route table', () => {
  it('holds each of the 61 calls of the specification exactly once', () => {
    const calls = specCalls();
    expect(calls).toHaveLength(61);
    expect(new Set(calls).size).toBe(61);
    const table = routeList.filter((r) => r.spec).map((r) => `${r.method} ${r.path}`);
    expect(table).toHaveLength(61);
    expect([...table].sort()).toEqual([...calls].sort());
  });

  it('has no two routes with the same method and path; operator calls live under /ops, each with its permission', () => {
    const keys = routeList.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const r of routeList) {
      if (r.spec) expect(r.path.startsWith('/api/')).toBe(true);
      expect(r.path.startsWith('/ops/'), r.id).toBe(r.auth.startsWith('ops'));
      if (r.auth === 'ops' || r.auth === 'ops-bootstrap')
        expect(
          r.permission === 'self' || (r.permission !== undefined && r.permission in PERMISSIONS),
          r.id,
        ).toBe(true);
      else expect(r.permission, r.id).toBeUndefined();
    }
  });

  it('lets unverified users reach only verify, resend, account, mobile update and signout', () => {
    const sessionOnly = routeList.filter((r) => r.auth === 'session').map((r) => r.path);
    expect(sessionOnly.sort()).toEqual(
      [
        '/api/account',
        '/api/auth/email/otp/resend',
        '/api/auth/email/verify',
        '/api/auth/mobile/otp/resend',
        '/api/auth/mobile/verify',
        '/api/auth/signout',
        '/api/user/mobile/update',
      ].sort(),
    );
  });

  it('keeps the public calls of spec §7 public, and adds only the sign-in steps and the freeze link', () => {
    const publicPaths = routeList.filter((r) => r.auth === 'public').map((r) => r.path);
    expect(publicPaths.sort()).toEqual(
      [
        '/api/auth/signin',
        '/api/auth/register',
        '/api/auth/password/otp',
        '/api/auth/password',
        '/api/version',
        '/api/country/list',
        // Issue 11: the second step of sign-in, passkey sign-in, and "this wasn't me" from an email.
        '/api/auth/signin/2fa',
        '/api/auth/signin/2fa/options',
        '/api/auth/passkey/options',
        '/api/auth/passkey/signin',
        '/api/auth/freeze',
        // Issue 16: the published proof-of-reserves snapshots.
        '/api/reserves',
      ].sort(),
    );
  });

  it('marks every money-moving POST as idempotent (DESIGN §2)', () => {
    const idempotent = routeList.filter((r) => r.idempotent).map((r) => r.path);
    expect(idempotent.sort()).toEqual(
      [
        '/api/order/create',
        '/api/asset/withdraw',
        '/api/asset/transfer',
        '/api/stakings/add',
        '/api/stakings/locked-balance/add',
        '/api/stakings/wallet/add',
        '/api/affiliate/wallet/claim',
      ].sort(),
    );
  });
});

describe('error catalogue', () => {
  it('gives every error a distinct code and its HTTP status equal to the code, except 502 → 401 and 4221 → 422', () => {
    const entries = Object.values(errorCatalogue);
    expect(new Set(entries.map((e) => e.code)).size).toBe(entries.length);
    const exceptions: Record<number, number> = { 502: 401, 4221: 422 };
    for (const e of entries) {
      expect(e.status).toBe(exceptions[e.code] ?? e.code);
      expect(e.message.length).toBeGreaterThan(10);
    }
    expect(errorCatalogue.SESSION_INVALID).toMatchObject({ code: 502, status: 401 });
  });
});
