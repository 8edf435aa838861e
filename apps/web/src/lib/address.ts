import { keccak256Hex } from './keccak.ts';

/**
 * Addresses checked before they are used (a withdrawal's review, the address book's code), by the rules the server applies (modules/chain): an EVM
 * network takes 0x and 40 hex digits, and a mixed-case address must carry its EIP-55 checksum (a typo is
 * refused, not sent); Bitcoin takes a lowercase bech32 address with a valid checksum. A network with no
 * rule here is left to the server.
 */
export type AddressProblem = 'empty' | 'format' | 'checksum';

/** The networks whose addresses are EVM addresses. */
export const EVM_NETWORKS = new Set(['ethereum']);

const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BECH32_GENERATOR = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
/** Mainnet, testnet and regtest (the devnet's). */
const BITCOIN_HRPS = ['bc', 'tb', 'bcrt'];

/** The EIP-55 spelling of a 0x address: hex letters upper-cased where the hash of the lowercase is ≥ 8. */
export function toChecksumAddress(address: string): string {
  const lower = address.slice(2).toLowerCase();
  const hash = keccak256Hex(new TextEncoder().encode(lower));
  let out = '0x';
  for (let i = 0; i < lower.length; i++) {
    out += Number.parseInt(hash[i]!, 16) >= 8 ? lower[i]!.toUpperCase() : lower[i]!;
  }
  return out;
}

function evmProblem(address: string): AddressProblem | null {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return 'format';
  const digits = address.slice(2);
  if (digits === digits.toLowerCase() || digits === digits.toUpperCase()) return null;
  return toChecksumAddress(address) === address ? null : 'checksum';
}

function bech32Polymod(values: number[]): number {
  let chk = 1;
  for (const value of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ value;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= BECH32_GENERATOR[i]!;
  }
  return chk;
}

function bitcoinProblem(address: string): AddressProblem | null {
  if (address !== address.toLowerCase()) return 'format';
  const separator = address.lastIndexOf('1');
  const hrp = address.slice(0, Math.max(0, separator));
  const data = address.slice(separator + 1);
  if (!BITCOIN_HRPS.includes(hrp) || data.length < 6 + 33 || data.length > 90) return 'format';
  const values = [...data].map((c) => BECH32_CHARSET.indexOf(c));
  if (values.some((v) => v < 0)) return 'format';
  const expanded = [
    ...[...hrp].map((c) => c.charCodeAt(0) >>> 5),
    0,
    ...[...hrp].map((c) => c.charCodeAt(0) & 31),
  ];
  return bech32Polymod([...expanded, ...values]) === 1 ? null : 'checksum';
}

/** Why `address` cannot receive a withdrawal on `network`, or null when it looks right. */
export function addressProblem(network: string, address: string): AddressProblem | null {
  const text = address.trim();
  if (text === '') return 'empty';
  if (EVM_NETWORKS.has(network)) return evmProblem(text);
  if (network === 'bitcoin') return bitcoinProblem(text);
  return null;
}
