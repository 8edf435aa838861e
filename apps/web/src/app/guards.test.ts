import { describe, expect, it } from 'vitest';
import type { Session } from '../lib/session.ts';
import { decide, HOME, ROOT, VERIFY } from './guards.ts';

const verified: Session = { token: 'tok', user: { is_email_verified: 1 } };
const unverified: Session = { token: 'tok', user: { is_email_verified: 0 } };
const emptyToken: Session = { token: '', user: { is_email_verified: 1 } };
const noFlag: Session = { token: 'tok', user: {} };
const toRoot = { redirect: ROOT, clearSession: true };

describe('decide', () => {
  describe("visitor routes ('' welcome, login, register, terms, forgot)", () => {
    it('let a visitor without a session in', () => {
      expect(decide('visitor', null)).toBe('allow');
    });
    it('treat an empty token as no session', () => {
      expect(decide('visitor', emptyToken)).toBe('allow');
    });
    it('send a signed-in visitor to tabs/home, verified or not', () => {
      expect(decide('visitor', verified)).toEqual({ redirect: HOME });
      expect(decide('visitor', unverified)).toEqual({ redirect: HOME });
    });
  });

  describe('verify', () => {
    it('needs a session: none clears it and goes to the root', () => {
      expect(decide('verify', null)).toEqual(toRoot);
      expect(decide('verify', emptyToken)).toEqual(toRoot);
    });
    it('lets in a user whose email is not verified', () => {
      expect(decide('verify', unverified)).toBe('allow');
      expect(decide('verify', noFlag)).toBe('allow');
    });
    it('sends a verified user to tabs/home', () => {
      expect(decide('verify', verified)).toEqual({ redirect: HOME });
    });
  });

  describe('app routes (tabs, notifications, settings, earn, insta, alerts, trade, bank, kyc, security)', () => {
    it('without a session clear it and go to the root', () => {
      expect(decide('app', null)).toEqual(toRoot);
      expect(decide('app', emptyToken)).toEqual(toRoot);
    });
    it('send an unverified user to verify', () => {
      expect(decide('app', unverified)).toEqual({ redirect: VERIFY });
      expect(decide('app', noFlag)).toEqual({ redirect: VERIFY });
    });
    it('let a verified user in', () => {
      expect(decide('app', verified)).toBe('allow');
    });
  });

  describe('affiliate dashboard (signedIn)', () => {
    it('needs login: none clears the session and goes to the root', () => {
      expect(decide('signedIn', null)).toEqual(toRoot);
      expect(decide('signedIn', emptyToken)).toEqual(toRoot);
    });
    it('lets any session in (the profile call decides next)', () => {
      expect(decide('signedIn', verified)).toBe('allow');
      expect(decide('signedIn', unverified)).toBe('allow');
    });
  });

  describe('open routes (share, funds/*, version)', () => {
    it('let everyone in', () => {
      for (const session of [null, emptyToken, unverified, verified]) {
        expect(decide('open', session)).toBe('allow');
      }
    });
  });
});
