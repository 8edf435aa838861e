import { ZBankBody, ZRegisterBody } from '@fit24/contract';
import { describe, expect, it } from 'vitest';
import { serverFieldErrors, validate, withoutBlanks } from './forms.ts';

const register = {
  name: 'Ada Lovelace',
  email_id: ' Ada@Example.com ',
  password: 'Analytical-Engine-1',
  mobile: '+447700900123',
  country_code: 'gb',
  accept_terms: true,
};

describe('validate with the contract schemas', () => {
  it('gives the parsed body the server would read', () => {
    const result = validate(ZRegisterBody, register);
    expect(result).toEqual({
      ok: true,
      data: { ...register, email_id: 'ada@example.com', country_code: 'GB' },
    });
  });

  it('names each failing field once, as a sentence, and says "Is required" for absent ones', () => {
    const result = validate(
      ZRegisterBody,
      withoutBlanks({ ...register, email_id: '', password: 'short', accept_terms: false }),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      email_id: 'Is required',
      password: 'Must be at least 10 characters',
      accept_terms: 'Must be accepted',
    });
  });

  it('leaves blank optional fields out, so they are not refused', () => {
    const body = withoutBlanks({
      account_holder: 'Ada Lovelace',
      bank_name: 'Babbage Bank',
      account_number: 'GB29 NWBK 6016 1331 9268 19',
      swift_code: '  ',
      ifsc_code: '',
      country_code: 'GB',
    });
    expect(body).not.toHaveProperty('swift_code');
    const result = validate(ZBankBody, body);
    expect(result.ok && result.data.account_number).toBe('GB29NWBK60161331926819');
  });
});

describe('serverFieldErrors', () => {
  it('writes the server fields as sentences', () => {
    expect(serverFieldErrors({ email_id: 'is already registered' })).toEqual({
      email_id: 'Is already registered',
    });
    expect(serverFieldErrors(undefined)).toEqual({});
  });
});
