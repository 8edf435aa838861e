import type { ErrorEnvelope } from '@fit24/contract';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n.ts';
import { lookupEmail, recipientStatus } from './recipient.ts';

const t = i18n.getFixedT('en', 'wallet');
const me = 'me@example.com';
const refusal = (code: number, extra: Partial<ErrorEnvelope> = {}) => ({
  answer: { refusal: { error: true as const, code, message: 'server text', ...extra } },
  error: null,
});
const none = { answer: undefined, error: null };

describe('lookupEmail', () => {
  it('looks up a well-formed email that is not your own, lower-cased', () => {
    expect(lookupEmail(' Alan@Example.com ', me)).toBe('alan@example.com');
    expect(lookupEmail('alan@example', me)).toBeNull();
    expect(lookupEmail('ME@example.com', me)).toBeNull();
  });
});

describe('recipientStatus', () => {
  it('refuses a malformed email and your own before any lookup', () => {
    expect(recipientStatus(t, 'alan@', 'alan@', me, none).problem).toBe(
      'Enter the email address of a FIT24 user',
    );
    expect(recipientStatus(t, 'Me@example.com', 'Me@example.com', me, none).problem).toBe(
      'You cannot transfer to yourself.',
    );
  });

  it('is checking while typing has not paused or the lookup has not answered', () => {
    const found = { answer: { masked_name: 'A**n T****g' }, error: null };
    expect(recipientStatus(t, 'alan@example.com', 'alan@example.co', me, found)).toEqual({
      problem: null,
      checking: true,
      maskedName: null,
    });
    expect(recipientStatus(t, 'alan@example.com', 'alan@example.com', me, none).checking).toBe(true);
  });

  it('names the recipient once the lookup for the typed email answered', () => {
    const found = { answer: { masked_name: 'A**n T****g' }, error: null };
    expect(recipientStatus(t, 'alan@example.com', 'alan@example.com', me, found)).toEqual({
      problem: null,
      checking: false,
      maskedName: 'A**n T****g',
    });
  });

  it('words each refusal, in Spanish too', async () => {
    const email = 'alan@example.com';
    const say = (lookup: Parameters<typeof recipientStatus>[4], tr = t) =>
      recipientStatus(tr, email, email, me, lookup).problem;
    expect(say(refusal(404))).toBe('No FIT24 user has this email');
    await i18n.changeLanguage('es');
    try {
      expect(say(refusal(404), i18n.getFixedT('es', 'wallet'))).toBe(
        'Ningún usuario de FIT24 tiene este correo',
      );
    } finally {
      await i18n.changeLanguage('en');
    }
    expect(say(refusal(422))).toBe(
      'This user has not verified their email yet, so they cannot receive transfers.',
    );
    expect(say(refusal(403))).toBe('Transfers from your account are stopped for now.');
    expect(say(refusal(429, { data: { retry_after: 3000 } }))).toBe(
      'Too many recipient lookups. Try again in 50 minutes.',
    );
    expect(say(refusal(429, { data: { retry_after: 30 } }))).toBe(
      'Too many recipient lookups. Try again in 1 minute.',
    );
    expect(say(refusal(500))).toBe('server text');
    expect(say({ answer: undefined, error: new Error('No connection') })).toBe('No connection');
  });
});
