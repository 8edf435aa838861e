import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { createOpsClient } from './ops-client.ts';

function json(status: number, payload: unknown): Response {
  return new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });
}

const ended = { error: true, code: 401, message: 'Sign in as an operator (Authorization: Bearer <token>).' };

/** A client on a fake fetch; records the requests and each time the session was ended. */
function setup(answer: (url: string) => Response, token: string | null = 'ops_s_1') {
  const sent: { url: string; method: string; headers: Record<string, string>; body: unknown }[] = [];
  let ends = 0;
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    sent.push({
      url,
      method: init?.method ?? 'GET',
      headers: { ...(init?.headers as Record<string, string>) },
      body: init?.body,
    });
    return answer(url);
  });
  const client = createOpsClient({
    fetch: fetch as unknown as typeof globalThis.fetch,
    apiBase: () => '',
    getToken: () => token,
    onSessionEnded: () => {
      ends += 1;
    },
  });
  return { client, sent, ends: () => ends };
}

describe('the console’s API client', () => {
  it('sends the operator’s token as a bearer on /ops calls, and no API key', async () => {
    const { client, sent } = setup(() =>
      json(200, { error: false, data: { users: [], page: 2, page_size: 20, total: 0 } }),
    );
    const data = await client.fetchData('ops.users', { query: { q: 'ada', page: 2 } });
    expect(data.total).toBe(0);
    expect(sent[0]).toMatchObject({ url: '/ops/users?q=ada&page=2', method: 'GET' });
    expect(sent[0]?.headers.authorization).toBe('Bearer ops_s_1');
    expect(sent[0]?.headers['x-api-key']).toBeUndefined();
  });

  it('posts JSON bodies as the contract types them', async () => {
    const { client, sent } = setup(() => json(200, { error: false, data: { revoked: 2 } }));
    await client.call('ops.userSessionsRevoke', { body: { user_id: 7 } });
    expect(sent[0]).toMatchObject({
      url: '/ops/users/sessions/revoke',
      method: 'POST',
      body: '{"user_id":7}',
    });
    expect(sent[0]?.headers['content-type']).toBe('application/json');
  });

  it('ends the session on a 401 from any /ops call, and hands back the refusal', async () => {
    const { client, ends } = setup(() => json(401, ended));
    await expect(client.fetchData('ops.dashboard')).rejects.toBeInstanceOf(ApiError);
    const answer = await client.call('ops.withdrawalsApprove', { body: { withdrawal_id: 3 } });
    expect(answer).toMatchObject({ error: true, code: 401 });
    expect(ends()).toBe(2);
  });

  it('keeps the session on a 403 (the role does not allow it) or a 409', async () => {
    const { client, ends } = setup((url) =>
      url.includes('approve')
        ? json(409, { error: true, code: 409, message: 'You approved this withdrawal already.' })
        : json(403, { error: true, code: 403, message: 'Your role (support) does not allow this.' }),
    );
    expect(await client.call('ops.operators')).toMatchObject({ code: 403 });
    expect(await client.call('ops.withdrawalsApprove', { body: { withdrawal_id: 3 } })).toMatchObject({
      code: 409,
      message: 'You approved this withdrawal already.',
    });
    expect(ends()).toBe(0);
  });

  it('does not count a wrong password or code at sign-in as an ended session, and sends no token there', async () => {
    const { client, sent, ends } = setup(() =>
      json(401, { error: true, code: 401, message: 'The email or password is not correct.' }),
    );
    const answer = await client.call('ops.signin', {
      body: { email: 'ada@ops.example.com', password: 'nope' },
    });
    expect(answer).toMatchObject({ error: true, message: 'The email or password is not correct.' });
    expect(sent[0]?.headers.authorization).toBeUndefined();
    expect(ends()).toBe(0);
  });

  it('reads a KYC document as bytes with the bearer, and ends the session on its 401', async () => {
    const { client, sent, ends } = setup((url) =>
      url.includes('file_id=5')
        ? new Response(new Uint8Array([137, 80, 78, 71]), {
            status: 200,
            headers: { 'content-type': 'image/png' },
          })
        : json(401, ended),
    );
    const blob = await client.fetchFile('/ops/kyc/file', { file_id: 5 });
    expect(blob.size).toBe(4);
    expect(sent[0]?.headers.authorization).toBe('Bearer ops_s_1');
    await expect(client.fetchFile('/ops/kyc/file', { file_id: 6 })).rejects.toThrow('Sign in as an operator');
    expect(ends()).toBe(1);
  });

  it('signs out on the server, then ends the session here even when that call fails', async () => {
    const { client, sent, ends } = setup(() => {
      throw new Error('offline');
    });
    await client.signOut();
    expect(sent[0]).toMatchObject({ url: '/ops/auth/signout', method: 'POST' });
    expect(ends()).toBe(1);
  });
});
