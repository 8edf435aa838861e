import { describe, expect, it } from 'vitest';
import { derivationPath, hdWallet, MAX_USER_ID } from './hd-wallet.ts';

const MNEMONIC = 'test test test test test test test test test test test junk';

describe('hdWallet', () => {
  const wallet = hdWallet(MNEMONIC);

  it('puts the hot wallet at the well-known first address of the mnemonic', () => {
    expect(wallet.address('hot')).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
  });

  it('gives each user a distinct, stable deposit address away from the hot wallet', () => {
    const one = wallet.address(1n);
    const two = wallet.address(2n);
    expect(one).not.toBe(two);
    expect(one).not.toBe(wallet.address('hot'));
    expect(hdWallet(MNEMONIC).address(1n)).toBe(one);
    expect(derivationPath(7n)).toBe("m/44'/60'/1'/0/7");
  });

  it('refuses user ids outside 1..2^31-1', () => {
    for (const id of [0n, -1n, MAX_USER_ID + 1n]) expect(() => wallet.address(id)).toThrow(/User id/);
    expect(wallet.address(MAX_USER_ID)).toMatch(/^0x[0-9a-fA-F]{40}$/);
  });

  it('refuses an invalid mnemonic without repeating it', () => {
    const bad = 'test test test test test test test test test test test test';
    expect(() => hdWallet(bad)).toThrow(/not a valid BIP-39/);
    try {
      hdWallet(bad);
    } catch (error) {
      expect(String(error)).not.toContain('test test');
    }
  });
});
