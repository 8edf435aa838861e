import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { type Address, bytesToHex, type Hex } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';

/**
 * Key layout (BIP-44, coin type 60):
 *   hot wallet        m/44'/60'/0'/0/0
 *   user deposits     m/44'/60'/1'/0/<user_id>   (a separate account: no user id can reach the hot wallet)
 * The same address serves ETH and every token on the chain: deposits are per user, not per asset.
 */
export const HOT_WALLET_PATH = "m/44'/60'/0'/0/0";
const DEPOSIT_ACCOUNT = "m/44'/60'/1'/0";
/** BIP-32 non-hardened indexes are below 2^31. */
export const MAX_USER_ID = 2n ** 31n - 1n;

/** Where a key lives: the hot wallet, or a user's deposit address. */
export type KeyIndex = 'hot' | bigint;

export function isValidMnemonic(mnemonic: string): boolean {
  return validateMnemonic(mnemonic.trim(), wordlist);
}

export function derivationPath(index: KeyIndex): string {
  if (index === 'hot') return HOT_WALLET_PATH;
  if (typeof index !== 'bigint' || index < 1n || index > MAX_USER_ID) {
    throw new RangeError(
      `User id must be a whole number from 1 to ${MAX_USER_ID} to derive a deposit address.`,
    );
  }
  return `${DEPOSIT_ACCOUNT}/${index}`;
}

/**
 * Derives private keys and addresses from a BIP-39 mnemonic, cached per path. The mnemonic and keys live
 * only in this closure; the error for an invalid mnemonic never repeats it.
 */
export function hdWallet(mnemonic: string) {
  if (!isValidMnemonic(mnemonic))
    throw new Error('The custody mnemonic is not a valid BIP-39 English mnemonic.');
  const root = HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic.trim()));
  const keys = new Map<string, Hex>();
  function privateKey(index: KeyIndex): Hex {
    const path = derivationPath(index);
    let key = keys.get(path);
    if (!key) {
      const child = root.derive(path);
      if (!child.privateKey) throw new Error(`No private key at ${path}.`);
      key = bytesToHex(child.privateKey);
      keys.set(path, key);
    }
    return key;
  }
  return {
    privateKey,
    address: (index: KeyIndex): Address => privateKeyToAddress(privateKey(index)),
  };
}
