/**
 * Keccak-256 as Ethereum uses it (the original padding, not SHA-3's), for EIP-55 address checksums.
 * Lanes are bigints: slow, but an address is 40 bytes and is hashed once per keystroke at most.
 */
const MASK = (1n << 64n) - 1n;
const RATE_BYTES = 136;

const ROUND_CONSTANTS = [
  0x0000000000000001n,
  0x0000000000008082n,
  0x800000000000808an,
  0x8000000080008000n,
  0x000000000000808bn,
  0x0000000080000001n,
  0x8000000080008081n,
  0x8000000000008009n,
  0x000000000000008an,
  0x0000000000000088n,
  0x0000000080008009n,
  0x000000008000000an,
  0x000000008000808bn,
  0x800000000000008bn,
  0x8000000000008089n,
  0x8000000000008003n,
  0x8000000000008002n,
  0x8000000000000080n,
  0x000000000000800an,
  0x800000008000000an,
  0x8000000080008081n,
  0x8000000000008080n,
  0x0000000080000001n,
  0x8000000080008008n,
];

/** Rotation offsets by lane index x + 5y. */
const ROTATIONS = [
  0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14,
];

const rotl = (value: bigint, shift: number) =>
  shift === 0 ? value : ((value << BigInt(shift)) | (value >> BigInt(64 - shift))) & MASK;

function permute(state: bigint[]): void {
  for (const constant of ROUND_CONSTANTS) {
    // θ
    const columns = [0, 1, 2, 3, 4].map(
      (x) => state[x]! ^ state[x + 5]! ^ state[x + 10]! ^ state[x + 15]! ^ state[x + 20]!,
    );
    for (let x = 0; x < 5; x++) {
      const d = columns[(x + 4) % 5]! ^ rotl(columns[(x + 1) % 5]!, 1);
      for (let y = 0; y < 25; y += 5) state[x + y] = state[x + y]! ^ d;
    }
    // ρ and π
    const moved = new Array<bigint>(25);
    for (let x = 0; x < 5; x++) {
      for (let y = 0; y < 5; y++) {
        moved[y + 5 * ((2 * x + 3 * y) % 5)] = rotl(state[x + 5 * y]!, ROTATIONS[x + 5 * y]!);
      }
    }
    // χ
    for (let y = 0; y < 25; y += 5) {
      for (let x = 0; x < 5; x++) {
        state[x + y] = moved[x + y]! ^ (~moved[((x + 1) % 5) + y]! & MASK & moved[((x + 2) % 5) + y]!);
      }
    }
    // ι
    state[0] = state[0]! ^ constant;
  }
}

/** Keccak-256 of `bytes`, as 64 lowercase hex digits. */
export function keccak256Hex(bytes: Uint8Array): string {
  const padded = new Uint8Array(Math.ceil((bytes.length + 1) / RATE_BYTES) * RATE_BYTES);
  padded.set(bytes);
  padded[bytes.length] = padded[bytes.length]! ^ 0x01;
  padded[padded.length - 1] = padded[padded.length - 1]! ^ 0x80;
  const state = new Array<bigint>(25).fill(0n);
  for (let block = 0; block < padded.length; block += RATE_BYTES) {
    for (let lane = 0; lane < RATE_BYTES / 8; lane++) {
      let value = 0n;
      for (let byte = 7; byte >= 0; byte--) value = (value << 8n) | BigInt(padded[block + lane * 8 + byte]!);
      state[lane] = state[lane]! ^ value;
    }
    permute(state);
  }
  let hex = '';
  for (let lane = 0; lane < 4; lane++) {
    for (let byte = 0; byte < 8; byte++) {
      hex += Number((state[lane]! >> BigInt(8 * byte)) & 0xffn)
        .toString(16)
        .padStart(2, '0');
    }
  }
  return hex;
}
