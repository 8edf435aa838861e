import { describe, expect, it } from 'vitest';
import { readConfig } from './config.ts';

describe('readConfig', () => {
  it('prefers the config the server writes into index.html', () => {
    const env = { VITE_API_KEY: 'env-key', VITE_API_URL: 'https://env.test' };
    expect(readConfig({ apiKey: 'served-key', apiBase: '' }, env)).toEqual({
      apiKey: 'served-key',
      apiBase: '',
    });
  });

  it('falls back to VITE_API_KEY and VITE_API_URL (native builds), without a trailing slash', () => {
    expect(
      readConfig(undefined, { VITE_API_KEY: 'env-key', VITE_API_URL: 'https://api.fit24.test/' }),
    ).toEqual({
      apiKey: 'env-key',
      apiBase: 'https://api.fit24.test',
    });
  });

  it('defaults to the same origin with no key', () => {
    expect(readConfig(undefined, {})).toEqual({ apiKey: '', apiBase: '' });
  });
});
