import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const SIGNATURE = /^0x[0-9a-fA-F]{130}$/;

/** EIP-55 mixed-case checksum form of an address; throws on anything but 0x + 40 hex digits. */
export function checksumAddress(address: string): string {
  if (!ADDRESS.test(address)) throw new Error(`not an address: ${address}`);
  const lower = address.slice(2).toLowerCase();
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)));
  let out = '0x';
  for (let i = 0; i < 40; i++) out += Number.parseInt(hash[i]!, 16) >= 8 ? lower[i]!.toUpperCase() : lower[i];
  return out;
}

/** The text a reserve address signs (EIP-191 personal_sign) for a snapshot. */
export function reserveMessage(snapshotId: string, address: string): string {
  return `FIT24 proof of reserves\nSnapshot: ${snapshotId}\nAddress: ${checksumAddress(address)}`;
}

/**
 * True when `signature` (0x + r, s, v; v = 27/28 or 0/1) is an EIP-191 personal_sign of `message` by `address`.
 * An all-lower-case or all-upper-case address is accepted; a mixed-case one must carry a valid EIP-55 checksum.
 * Never throws.
 */
export function verifyReserveSignature(input: {
  address: string;
  message: string;
  signature: string;
}): boolean {
  try {
    const { address, message, signature } = input;
    if (!ADDRESS.test(address) || !SIGNATURE.test(signature) || typeof message !== 'string') return false;
    const body = address.slice(2);
    const mixedCase = body !== body.toLowerCase() && body !== body.toUpperCase();
    if (mixedCase && checksumAddress(address) !== address) return false;
    return recoverAddress(message, signature) === body.toLowerCase();
  } catch {
    return false;
  }
}

/** The signer's address (40 lower-case hex digits, no 0x) of an EIP-191 signature. */
function recoverAddress(message: string, signature: string): string {
  const bytes = hexToBytes(signature.slice(2));
  const v = bytes[64]!;
  const recovery = v >= 27 ? v - 27 : v;
  if (recovery !== 0 && recovery !== 1) throw new Error('bad recovery byte');
  const r = BigInt(`0x${bytesToHex(bytes.subarray(0, 32))}`);
  const s = BigInt(`0x${bytesToHex(bytes.subarray(32, 64))}`);
  const text = utf8ToBytes(message);
  const digest = keccak_256(concatBytes(utf8ToBytes(`\x19Ethereum Signed Message:\n${text.length}`), text));
  const publicKey = new secp256k1.Signature(r, s, recovery).recoverPublicKey(digest).toBytes(false);
  return bytesToHex(keccak_256(publicKey.subarray(1))).slice(-40);
}
