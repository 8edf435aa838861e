import { describe, expect, it, vi } from 'vitest';
import { type ApiClientDeps, ApiError, createApiClient, NETWORK_ERROR_CODE } from './api-client.ts';

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

function json(status: number, payload: unknown): Response {
  return new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });
}

/** A client on a fake fetch that answers by path; records what was sent and what ending a session did. */
function setup(answer: (url: string) => Response | Promise<Response>, token: string | null = 'tok-1') {
  const sent: Sent[] = [];
  const events: string[] = [];
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
  const deps: ApiClientDeps = {
    fetch: fetch as unknown as typeof globalThis.fetch,
    config: () => ({ apiKey: 'key-123', apiBase: 'https://api.test' }),
    getToken: () => token,
    clearSession: () => {
      events.push('clear');
    },
    forgetUserData: () => {
      events.push('forget');
    },
    navigateToRoot: () => {
      events.push('root');
    },
  };
  return { client: createApiClient(deps), sent, events };
}

const account = {
  account: { user_id: 1, name: 'Ada', email_id: 'ada@example.com' },
};

describe('api client', () => {
  it('sends the API key always and the bearer token on signed-in calls', async () => {
    const { client, sent } = setup(() => json(200, { error: false, data: account }));
    await client.call('account.get');
    expect(sent[0]).toMatchObject({ url: 'https://api.test/api/account', method: 'GET' });
    expect(sent[0]?.headers['x-api-key']).toBe('key-123');
    expect(sent[0]?.headers.authorization).toBe('Bearer tok-1');
  });

  it('sends no token on public calls', async () => {
    const { client, sent } = setup(() =>
      json(200, { error: false, data: { version: '1.0.5', code: 10005 } }),
    );
    await client.call('system.version');
    expect(sent[0]?.headers['x-api-key']).toBe('key-123');
    expect(sent[0]?.headers.authorization).toBeUndefined();
  });

  it('puts the query in the URL', async () => {
    const { client, sent } = setup(() => json(200, { error: false, data: {} }));
    await client.call('asset.transactions', { query: { asset_id: '3', page: '2' } });
    expect(sent[0]?.url).toBe('https://api.test/api/asset/transactions?asset_id=3&page=2');
  });

  it('sends a JSON body with its content type, and the idempotency key when given', async () => {
    const { client, sent } = setup(() => json(200, { error: false, data: {} }));
    // The contract gives these bodies their schemas in later issues; the cast stands in until then.
    await client.call('stakings.add', { body: { amount: '25' }, idempotencyKey: 'idem-1' } as never);
    expect(sent[0]).toMatchObject({ url: 'https://api.test/api/stakings/add', method: 'POST' });
    expect(sent[0]?.headers['content-type']).toBe('application/json');
    expect(sent[0]?.headers['idempotency-key']).toBe('idem-1');
    expect(sent[0]?.body).toBe('{"amount":"25"}');
  });

  it('sends no body and no content type for a POST without one', async () => {
    const { client, sent } = setup(() => json(200, { error: false, data: {} }));
    await client.call('affiliate.register');
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.body).toBeUndefined();
    expect(sent[0]?.headers['content-type']).toBeUndefined();
    expect(sent[0]?.headers['idempotency-key']).toBeUndefined();
  });

  it('resolves with the success envelope and fetchData unwraps data', async () => {
    const { client } = setup(() => json(200, { error: false, data: account }));
    await expect(client.call('account.get')).resolves.toEqual({ error: false, data: account });
    await expect(client.fetchData('account.get')).resolves.toEqual(account);
  });

  it('resolves (never rejects) with the error body, and fetchData throws it as an ApiError', async () => {
    const failure = { error: true, code: 404, message: 'You have no affiliate profile yet.' };
    const { client, events } = setup(() => json(404, failure));
    await expect(client.call('affiliate.get')).resolves.toEqual(failure);
    const thrown = await client.fetchData('affiliate.get').catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(ApiError);
    expect(thrown).toMatchObject({ code: 404, message: failure.message });
    expect(events).toEqual([]);
  });

  it('keeps the fields of a validation error', async () => {
    const failure = {
      error: true,
      code: 400,
      message: 'Check the form.',
      fields: { email_id: 'is required' },
    };
    const { client } = setup(() => json(400, failure));
    const thrown = await client.fetchData('account.get').catch((error: unknown) => error);
    expect((thrown as ApiError).fields).toEqual({ email_id: 'is required' });
  });

  it('resolves a network failure with a synthetic error envelope', async () => {
    const { client } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    const envelope = await client.call('account.get');
    expect(envelope).toMatchObject({ error: true, code: NETWORK_ERROR_CODE });
    expect(envelope.error && envelope.message.length).toBeGreaterThan(10);
  });

  it('resolves an answer that is not an envelope with an error carrying the HTTP status', async () => {
    const { client } = setup(() => new Response('<html>Bad gateway</html>', { status: 504 }));
    await expect(client.call('account.get')).resolves.toMatchObject({ error: true, code: 504 });
  });

  it('on 502 signs out, clears the session, forgets cached data and goes to the root, then resolves', async () => {
    const invalid = { error: true, code: 502, message: 'Your session has ended. Please sign in again.' };
    const { client, sent, events } = setup((url) =>
      url.endsWith('/api/auth/signout') ? json(200, { error: false, data: {} }) : json(401, invalid),
    );
    await expect(client.call('account.get')).resolves.toEqual(invalid);
    const signout = sent[1];
    expect(signout).toMatchObject({
      url: 'https://api.test/api/auth/signout',
      method: 'POST',
      body: undefined,
    });
    expect(signout?.headers.authorization).toBe('Bearer tok-1');
    expect(events).toEqual(['clear', 'forget', 'root']);
  });

  it('still clears everything when the signout itself fails', async () => {
    const invalid = { error: true, code: 502, message: 'Your session has ended.' };
    const { client, sent, events } = setup((url) =>
      url.endsWith('/api/auth/signout') ? Promise.reject(new TypeError('offline')) : json(401, invalid),
    );
    await client.call('stakings.list');
    expect(sent.map((s) => s.url)).toEqual([
      'https://api.test/api/stakings/list',
      'https://api.test/api/auth/signout',
    ]);
    expect(events).toEqual(['clear', 'forget', 'root']);
  });

  it('ends the session once when several calls answer 502 together', async () => {
    const invalid = { error: true, code: 502, message: 'Your session has ended.' };
    const { client, sent, events } = setup((url) =>
      url.endsWith('/api/auth/signout') ? json(401, invalid) : json(401, invalid),
    );
    await Promise.all([
      client.call('account.get'),
      client.call('affiliate.get'),
      client.call('stakings.list'),
    ]);
    expect(sent.filter((s) => s.url.endsWith('/api/auth/signout'))).toHaveLength(1);
    expect(events).toEqual(['clear', 'forget', 'root']);
  });

  it('signOut posts signout with an empty body and ends the session', async () => {
    const { client, sent, events } = setup(() => json(200, { error: false, data: {} }));
    await client.signOut();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      url: 'https://api.test/api/auth/signout',
      method: 'POST',
      body: undefined,
    });
    expect(events).toEqual(['clear', 'forget', 'root']);
  });

  it('endSession (the socket said the session ended) ends it without a call, once', async () => {
    const { client, sent, events } = setup(() => json(200, { error: false, data: {} }));
    await Promise.all([client.endSession(), client.endSession()]);
    expect(sent).toEqual([]);
    expect(events).toEqual(['clear', 'forget', 'root']);
  });
});
