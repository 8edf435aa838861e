import { describe, expect, it } from 'vitest';
import { addressProblem, toChecksumAddress } from './address.ts';
import { keccak256Hex } from './keccak.ts';

describe('keccak256Hex', () => {
  it('hashes as Ethereum does (original Keccak padding)', () => {
    expect(keccak256Hex(new Uint8Array())).toBe(
      'c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470',
    );
    expect(keccak256Hex(new TextEncoder().encode('abc'))).toBe(
      '4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45',
    );
    // Longer than one 136-byte block.
    expect(keccak256Hex(new Uint8Array(200).fill(0x61))).toBe(
      '96ea54061def936c4be90b518992fdc6f12f535068a256229aca54267b4d084d',
    );
  });
});

describe('addressProblem on an EVM network', () => {
  const eip55 = [
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ];

  it('accepts the EIP-55 examples, and the same addresses all lower or all upper case', () => {
    for (const address of eip55) {
      expect(toChecksumAddress(address.toLowerCase())).toBe(address);
      expect(addressProblem('ethereum', address)).toBeNull();
      expect(addressProblem('ethereum', address.toLowerCase())).toBeNull();
      expect(addressProblem('ethereum', `0x${address.slice(2).toUpperCase()}`)).toBeNull();
    }
  });

  it('refuses a mixed-case address whose checksum does not match (one letter typed wrong)', () => {
    expect(addressProblem('ethereum', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe('checksum');
  });

  it('refuses anything but 0x and 40 hex digits, and says when nothing is typed', () => {
    expect(addressProblem('ethereum', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe')).toBe('format');
    expect(addressProblem('ethereum', '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe('format');
    expect(addressProblem('ethereum', '0xzzAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe('format');
    expect(addressProblem('ethereum', '  ')).toBe('empty');
  });
});

describe('addressProblem on Bitcoin', () => {
  it('accepts lowercase bech32 addresses of mainnet, testnet and regtest', () => {
    expect(addressProblem('bitcoin', 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080')).toBeNull();
    expect(addressProblem('bitcoin', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBeNull();
  });

  it('refuses a broken checksum, capitals, another prefix, and short text', () => {
    expect(addressProblem('bitcoin', 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt082')).toBe('checksum');
    expect(addressProblem('bitcoin', 'BCRT1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KYGT080')).toBe('format');
    expect(addressProblem('bitcoin', 'ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080')).toBe('format');
    expect(addressProblem('bitcoin', 'bcrt1qexample')).toBe('format');
  });

  it('leaves a network it has no rule for to the server', () => {
    expect(addressProblem('tron', 'anything')).toBeNull();
  });
});
