import { describe, expect, it } from 'vitest';
import { createQueryClient, forgetUserData, SESSION_QUERY_KEYS } from './query-client.ts';

describe('forgetUserData', () => {
  it("drops the spec's cached entries (and the rest) when a session ends", () => {
    const client = createQueryClient();
    for (const key of SESSION_QUERY_KEYS) client.setQueryData([key], { cached: key });
    client.setQueryData(['surge', 'previous'], { surge: '1.5' });
    client.setQueryData(['account'], { account: {} });
    forgetUserData(client);
    for (const key of SESSION_QUERY_KEYS) expect(client.getQueryData([key])).toBeUndefined();
    expect(client.getQueryData(['surge', 'previous'])).toBeUndefined();
    expect(client.getQueryData(['account'])).toBeUndefined();
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });

  it('names exactly the keys spec §8 lists', () => {
    expect([...SESSION_QUERY_KEYS].sort()).toEqual(
      ['affiliate', 'income', 'stakings', 'surge', 'transactions', 'version', 'wallet'].sort(),
    );
  });
});
