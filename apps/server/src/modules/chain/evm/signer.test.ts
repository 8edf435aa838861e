import { inspect } from 'node:util';
import { parseGwei, recoverTransactionAddress, verifyMessage } from 'viem';
import { describe, expect, it } from 'vitest';
import { hdWallet } from './hd-wallet.ts';
import { localSigner } from './signer.ts';

const MNEMONIC = 'test test test test test test test test test test test junk';

describe('localSigner', () => {
  const signer = localSigner(MNEMONIC);

  it('signs an EIP-1559 transaction that recovers to the signing address', async () => {
    const signed = await signer.signTransaction(3n, {
      type: 'eip1559',
      chainId: 31337,
      nonce: 0,
      to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      value: 1n,
      gas: 21_000n,
      maxFeePerGas: parseGwei('2'),
      maxPriorityFeePerGas: parseGwei('1'),
    });
    expect(await recoverTransactionAddress({ serializedTransaction: signed as never })).toBe(
      await signer.address(3n),
    );
  });

  it('signs EIP-191 messages that verify against the hot wallet', async () => {
    const address = await signer.address('hot');
    expect(address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    const signature = await signer.signMessage('hot', 'proof of reserves');
    expect(await verifyMessage({ address, message: 'proof of reserves', signature })).toBe(true);
    expect(await verifyMessage({ address, message: 'other', signature })).toBe(false);
  });

  it('shows no secret when logged or serialised', () => {
    const key = hdWallet(MNEMONIC).privateKey('hot').slice(2);
    for (const text of [JSON.stringify(signer), inspect(signer, { showHidden: true, depth: 10 })]) {
      expect(text).not.toContain('test test');
      expect(text.toLowerCase()).not.toContain(key);
    }
  });
});
