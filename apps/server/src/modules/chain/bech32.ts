/** Bech32 (BIP-173) encoding and checking, for Bitcoin-style segwit v0 addresses. */
const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const GENERATOR = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];

function polymod(values: number[]): number {
  let chk = 1;
  for (const value of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ value;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= GENERATOR[i]!;
  }
  return chk;
}

const hrpExpand = (hrp: string) => [
  ...[...hrp].map((c) => c.charCodeAt(0) >>> 5),
  0,
  ...[...hrp].map((c) => c.charCodeAt(0) & 31),
];

function convertBits(data: Uint8Array, from: number, to: number): number[] {
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  for (const value of data) {
    acc = (acc << from) | value;
    bits += from;
    while (bits >= to) {
      bits -= to;
      out.push((acc >>> bits) & ((1 << to) - 1));
    }
  }
  if (bits > 0) out.push((acc << (to - bits)) & ((1 << to) - 1));
  return out;
}

/** A segwit v0 address of a 20-byte program (P2WPKH), e.g. `bcrt1q…`. */
export function encodeSegwitV0(hrp: string, program: Uint8Array): string {
  const data = [0, ...convertBits(program, 8, 5)];
  const mod = polymod([...hrpExpand(hrp), ...data, 0, 0, 0, 0, 0, 0]) ^ 1;
  const checksum = Array.from({ length: 6 }, (_, i) => (mod >>> (5 * (5 - i))) & 31);
  return `${hrp}1${[...data, ...checksum].map((d) => CHARSET[d]).join('')}`;
}

/** Whether `address` is a well-formed bech32 string of the given human-readable part, checksum included. */
export function isValidBech32(address: string, hrp: string): boolean {
  if (address !== address.toLowerCase() || !address.startsWith(`${hrp}1`)) return false;
  const data = address.slice(hrp.length + 1);
  if (data.length < 6 + 33 || data.length > 90) return false;
  const values = [...data].map((c) => CHARSET.indexOf(c));
  if (values.some((v) => v < 0)) return false;
  return polymod([...hrpExpand(hrp), ...values]) === 1;
}
