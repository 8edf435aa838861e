import type { Envelope } from '@fit24/contract';
import { describe, expect, it } from 'vitest';
import { andThen, PASSKEY_CEREMONY_CODE, passkeyFailureMessage, signWithPasskey } from './webauthn.ts';

const named = (name: string, message = '') => Object.assign(new Error(message), { name });

describe('passkeyFailureMessage', () => {
  it('tells a cancelled or timed-out prompt apart from a passkey the device holds already', () => {
    expect(passkeyFailureMessage(named('NotAllowedError'))).toBe(
      'The passkey request was cancelled or timed out. Try again when you are ready.',
    );
    expect(
      passkeyFailureMessage(
        Object.assign(named('Error'), { code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' }),
      ),
    ).toBe('This device already holds a passkey for your account.');
    expect(passkeyFailureMessage(Object.assign(named('Error'), { code: 'ERROR_INVALID_DOMAIN' }))).toMatch(
      /exchange’s own web address/,
    );
    expect(passkeyFailureMessage(named('UnknownError', 'boom'))).toBe(
      'Your passkey could not be used (boom). Please try again.',
    );
  });
});

describe('andThen', () => {
  it('runs the next step with the data of a success, and answers the first failure as is', async () => {
    const ok = <T>(data: T): Promise<Envelope<T>> => Promise.resolve({ error: false, data });
    const refused: Envelope<number> = { error: true, code: 401, message: 'This sign-in has expired.' };
    expect(await andThen(ok(2), (n) => ok(n * 3))).toEqual({ error: false, data: 6 });
    let called = false;
    const answer = await andThen(Promise.resolve(refused), (n) => {
      called = true;
      return ok(n);
    });
    expect(answer).toBe(refused);
    expect(called).toBe(false);
  });
});

describe('signWithPasskey', () => {
  it('answers an error envelope, not an exception, where the browser has no WebAuthn', async () => {
    const answer = await signWithPasskey({ challenge: 'abc' });
    expect(answer).toMatchObject({ error: true, code: PASSKEY_CEREMONY_CODE });
    expect(answer.error && answer.message).toMatch(/cannot use passkeys/);
  });
});
