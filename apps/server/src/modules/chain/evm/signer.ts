import type { Address, Hex, SignableMessage, TransactionSerializable } from 'viem';
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { hdWallet, type KeyIndex } from './hd-wallet.ts';

/**
 * Everything custody needs from a key holder. `localSigner` keeps keys in this process; an HSM or a
 * remote signing service implements the same three calls and is handed in where the app builds the adapter.
 */
export interface CustodySigner {
  address(index: KeyIndex): Promise<Address>;
  signTransaction(index: KeyIndex, tx: TransactionSerializable): Promise<Hex>;
  /** EIP-191 personal message (proof of reserves). */
  signMessage(index: KeyIndex, message: SignableMessage): Promise<Hex>;
}

/** Signs with keys derived from the mnemonic; keys stay in closures, so logging the signer shows nothing. */
export function localSigner(mnemonic: string): CustodySigner {
  const wallet = hdWallet(mnemonic);
  const accounts = new Map<string, PrivateKeyAccount>();
  const account = (index: KeyIndex) => {
    const id = String(index);
    let found = accounts.get(id);
    if (!found) {
      found = privateKeyToAccount(wallet.privateKey(index));
      accounts.set(id, found);
    }
    return found;
  };
  const signer: CustodySigner = {
    address: async (index) => account(index).address,
    signTransaction: async (index, tx) => account(index).signTransaction(tx),
    signMessage: async (index, message) => account(index).signMessage({ message }),
  };
  Object.defineProperties(signer, {
    toJSON: { value: () => ({ signer: 'local' }) },
    [Symbol.for('nodejs.util.inspect.custom')]: { value: () => 'CustodySigner(local)' },
  });
  return Object.freeze(signer);
}
