import { describe, expect, it } from 'vitest';
import type { AppConfig } from '../config.ts';
import { freshEmail, registerVerifiedUser } from '../testing/identity.ts';
import { createTestApp, databasesUnderTest } from '../testing/test-app.ts';
import { trustProxyOption } from './trust-proxy.ts';

/** The client, then the proxy in front of us, as a two-proxy chain writes it; app.inject comes from 127.0.0.1. */
const FORWARDED_CHAIN = '198.51.100.7, 203.0.113.9';

const cases: Array<{ name: string; trustProxy: AppConfig['trustProxy']; ip: string }> = [
  { name: 'no TRUST_PROXY: the socket address, X-Forwarded-For ignored', trustProxy: false, ip: '127.0.0.1' },
  { name: 'TRUST_PROXY=1: the address our proxy saw', trustProxy: 1, ip: '203.0.113.9' },
  { name: 'TRUST_PROXY=2: one proxy further back', trustProxy: 2, ip: '198.51.100.7' },
  { name: 'TRUST_PROXY=127.0.0.1: the peer is the proxy', trustProxy: ['127.0.0.1'], ip: '203.0.113.9' },
  { name: 'TRUST_PROXY=10.0.0.0/8: the peer is no proxy', trustProxy: ['10.0.0.0/8'], ip: '127.0.0.1' },
];

describe.each(databasesUnderTest())('TRUST_PROXY on $name', (database) => {
  it.each(cases)('$name', async ({ trustProxy, ip }) => {
    const t = await createTestApp(database, { trustProxy });
    try {
      const user = await registerVerifiedUser(t);
      const signin = await t.api('POST', '/api/auth/signin', {
        body: { email_id: user.email, password: user.password },
        headers: { 'x-forwarded-for': FORWARDED_CHAIN },
      });
      expect(signin.status, JSON.stringify(signin.body)).toBe(200);
      const token = signin.body.data.token as string;
      const { body } = await t.api('GET', '/api/auth/sessions', { token });
      const current = body.data.sessions.find((s: { current: number }) => s.current === 1);
      expect(current.ip).toBe(ip);
    } finally {
      await t.close();
    }
  });
});

describe.each(databasesUnderTest())('rate-limit keys and X-Forwarded-For on $name', (database) => {
  /** 30 wrong sign-ins at once for 30 unknown accounts, each claiming another client in X-Forwarded-For. */
  async function rotatingBurst(trustProxy: AppConfig['trustProxy']) {
    const t = await createTestApp(database, { trustProxy });
    try {
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          t.api('POST', '/api/auth/signin', {
            body: { email_id: freshEmail('nobody'), password: 'Wrong-password-1' },
            headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
          }),
        ),
      );
      return {
        evaluated: answers.filter((a) => a.status === 401).length,
        refused: answers.filter((a) => a.status === 429).length,
      };
    } finally {
      await t.close();
    }
  }

  it('without TRUST_PROXY a forged X-Forwarded-For does not escape the per-address limit', async () => {
    expect(await rotatingBurst(false)).toEqual({ evaluated: 20, refused: 10 });
  });

  it('with TRUST_PROXY the limit is kept per client address the proxy reports', async () => {
    expect(await rotatingBurst(1)).toEqual({ evaluated: 30, refused: 0 });
  });
});

describe('trustProxyOption', () => {
  it('turns a hop count into a rule on the hop, and passes addresses through', () => {
    expect(trustProxyOption(false)).toBe(false);
    expect(trustProxyOption(0)).toBe(false);
    expect(trustProxyOption(['10.0.0.0/8'])).toEqual(['10.0.0.0/8']);
    const two = trustProxyOption(2) as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => two('203.0.113.9', hop))).toEqual([true, true, false]);
  });
});
