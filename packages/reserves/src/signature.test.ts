import fc from 'fast-check';
import { getAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { checksumAddress, reserveMessage, verifyReserveSignature } from './index.ts';

// Hardhat's well-known development keys (accounts #1 and #2): never funded outside a local node.
const signer = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
const other = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a');

describe('reserveMessage', () => {
  it('names the snapshot and the checksum address, whatever case it was given in', () => {
    expect(reserveMessage('12', signer.address.toLowerCase())).toBe(
      'FIT24 proof of reserves\nSnapshot: 12\nAddress: 0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    );
    expect(() => reserveMessage('12', '0x123')).toThrow(/not an address/);
  });

  it('checksums as EIP-55 does (viem getAddress on random addresses)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), (bytes) => {
        const lower = `0x${Buffer.from(bytes).toString('hex')}`;
        expect(checksumAddress(lower)).toBe(getAddress(lower));
      }),
    );
  });
});

describe('verifyReserveSignature', () => {
  const message = reserveMessage('12', signer.address);

  it("accepts viem's personal_sign of the message by the address", async () => {
    const signature = await signer.signMessage({ message });
    expect(verifyReserveSignature({ address: signer.address, message, signature })).toBe(true);
    expect(verifyReserveSignature({ address: signer.address.toLowerCase(), message, signature })).toBe(true);
    // The same signature with v as 0/1 instead of 27/28.
    const v = Number.parseInt(signature.slice(-2), 16) - 27;
    const compactV = `${signature.slice(0, -2)}0${v}`;
    expect(verifyReserveSignature({ address: signer.address, message, signature: compactV })).toBe(true);
  });

  it('refuses another address, another message, another signer, a broken checksum, junk', async () => {
    const signature = await signer.signMessage({ message });
    const wrongCase = signer.address.replace('C51812dc', 'c51812dc');
    expect(verifyReserveSignature({ address: other.address, message, signature })).toBe(false);
    expect(
      verifyReserveSignature({
        address: signer.address,
        message: reserveMessage('13', signer.address),
        signature,
      }),
    ).toBe(false);
    expect(verifyReserveSignature({ address: wrongCase, message, signature })).toBe(false);
    const byOther = await other.signMessage({ message });
    expect(verifyReserveSignature({ address: signer.address, message, signature: byOther })).toBe(false);
    const flipped = `${signature.slice(0, 10)}${signature[10] === 'a' ? 'b' : 'a'}${signature.slice(11)}`;
    expect(verifyReserveSignature({ address: signer.address, message, signature: flipped })).toBe(false);
    for (const junk of [
      '',
      '0x',
      `${signature.slice(0, -2)}1f`,
      `0x${'00'.repeat(65)}`,
      `0x${'ff'.repeat(65)}`,
    ]) {
      expect(verifyReserveSignature({ address: signer.address, message, signature: junk })).toBe(false);
    }
    expect(verifyReserveSignature({ address: 'nope', message, signature })).toBe(false);
    expect(verifyReserveSignature(null as never)).toBe(false);
  });

  it('accepts a message with non-ASCII text (EIP-191 counts bytes, not characters)', async () => {
    const text = `${message}\nNota: reservas €`;
    const signature = await signer.signMessage({ message: text });
    expect(verifyReserveSignature({ address: signer.address, message: text, signature })).toBe(true);
  });
});
