import { ZMobile } from '@fit24/contract';
import { describe, expect, it } from 'vitest';
import { nationalDigits, regionOfLocale, toE164 } from './phone.ts';

describe('E.164 assembly', () => {
  it('joins the dial code and the national digits, dropping spaces, dashes and brackets', () => {
    expect(toE164('+44', '7700 900123')).toBe('+447700900123');
    expect(toE164('+1', '(415) 555-0132')).toBe('+14155550132');
  });

  it('drops the trunk prefix 0 people type at home', () => {
    expect(nationalDigits('07700 900123')).toBe('7700900123');
    expect(toE164('+49', '0151 23456789')).toBe('+4915123456789');
  });

  it('takes a number typed with its own + as the whole international number', () => {
    expect(toE164('+44', '+91 98765 43210')).toBe('+919876543210');
  });

  it('gives numbers the contract accepts', () => {
    expect(ZMobile.safeParse(toE164('+91', '98765 43210')).success).toBe(true);
    expect(ZMobile.safeParse(toE164('+44', '12')).success).toBe(false);
  });
});

describe('regionOfLocale', () => {
  it('reads the region of a language tag', () => {
    expect(regionOfLocale('en-GB')).toBe('GB');
    expect(regionOfLocale('pt_br')).toBe('BR');
    expect(regionOfLocale('zh-Hant-TW')).toBe('TW');
    expect(regionOfLocale('sr-Latn-RS')).toBe('RS');
  });

  it('gives nothing without a region', () => {
    expect(regionOfLocale('en')).toBeNull();
    expect(regionOfLocale(undefined)).toBeNull();
  });
});
