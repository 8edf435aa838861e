import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearSession,
  getSession,
  getToken,
  loadSession,
  parseStoredSession,
  saveSession,
} from './session.ts';

const KEY = 'CapacitorStorage.session';
const user = {
  user_id: 7,
  name: 'Ada',
  email_id: 'ada@example.com',
  mobile: '+441234567890',
  is_email_verified: 1 as const,
  is_mobile_verified: 0 as const,
  kyc_status: 'NONE' as const,
};

describe('parseStoredSession', () => {
  it('reads {token, user}', () => {
    expect(parseStoredSession(JSON.stringify({ token: 't', user }))).toEqual({ token: 't', user });
  });
  it('treats nothing, invalid JSON and a value without a string token as no session', () => {
    expect(parseStoredSession(null)).toBeNull();
    expect(parseStoredSession('{not json')).toBeNull();
    expect(parseStoredSession('"text"')).toBeNull();
    expect(parseStoredSession(JSON.stringify({ user }))).toBeNull();
    expect(parseStoredSession(JSON.stringify({ token: 42, user }))).toBeNull();
  });
  it('keeps a partial user (only the verified flag steers the guards)', () => {
    expect(parseStoredSession(JSON.stringify({ token: 't', user: { is_email_verified: 0 } }))).toEqual({
      token: 't',
      user: { is_email_verified: 0 },
    });
    expect(parseStoredSession(JSON.stringify({ token: 't' }))).toEqual({ token: 't', user: {} });
  });
});

describe('session store on Capacitor Preferences (localStorage on the web)', () => {
  beforeEach(async () => {
    await clearSession();
  });

  it('loads a session planted under CapacitorStorage.session', async () => {
    localStorage.setItem(KEY, JSON.stringify({ token: 'planted', user }));
    await loadSession();
    expect(getSession()).toEqual({ token: 'planted', user });
    expect(getToken()).toBe('planted');
  });

  it('loads invalid JSON as no session', async () => {
    localStorage.setItem(KEY, '{oops');
    await loadSession();
    expect(getSession()).toBeNull();
  });

  it('has no token for an empty one', async () => {
    localStorage.setItem(KEY, JSON.stringify({ token: '', user }));
    await loadSession();
    expect(getToken()).toBeNull();
  });

  it('saves to and clears from device storage', async () => {
    await saveSession({ token: 'new', user });
    expect(JSON.parse(localStorage.getItem(KEY) ?? 'null')).toEqual({ token: 'new', user });
    expect(getToken()).toBe('new');
    await clearSession();
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(getSession()).toBeNull();
  });
});
