/**
 * A map from positive safe-integer ids to values: open addressing with linear probing over a Float64Array
 * of keys (0 = empty slot), backward-shift deletion (no tombstones), grown ×2 at half load. Measured about
 * twice as fast as `Map<number, …>` on the engine's churn (every resting order is set once and deleted
 * once), and it allocates nothing per entry.
 */
export class IdMap<V> {
  private keys: Float64Array;
  private values: (V | undefined)[];
  private mask: number;
  private shift: number;
  size = 0;

  /** `capacity` is rounded up to a power of two ≥ 2. */
  constructor(capacity = 1024) {
    const bits = Math.max(1, Math.ceil(Math.log2(capacity)));
    this.keys = new Float64Array(2 ** bits);
    this.values = new Array(2 ** bits).fill(undefined);
    this.mask = 2 ** bits - 1;
    this.shift = 32 - bits;
  }

  /**
   * Fibonacci hashing: the TOP bits of (low 32 bits xor high bits) × 2^32/φ, so that sequential ids and ids
   * that share their low bits (a stride of 2^k) both spread over the table.
   */
  private slot(id: number): number {
    return Math.imul((id | 0) ^ ((id / 4294967296) | 0), 0x9e3779b1) >>> this.shift;
  }

  get(id: number): V | undefined {
    const keys = this.keys;
    const mask = this.mask;
    for (let i = this.slot(id); ; i = (i + 1) & mask) {
      const key = keys[i];
      if (key === id) return this.values[i];
      if (key === 0) return undefined;
    }
  }

  has(id: number): boolean {
    return this.get(id) !== undefined;
  }

  /** Sets `id` (≥ 1) to `value`, which must not be undefined. */
  set(id: number, value: V): void {
    if ((this.size + 1) * 2 > this.keys.length) this.grow();
    const keys = this.keys;
    const mask = this.mask;
    for (let i = this.slot(id); ; i = (i + 1) & mask) {
      const key = keys[i];
      if (key === 0) {
        keys[i] = id;
        this.values[i] = value;
        this.size++;
        return;
      }
      if (key === id) {
        this.values[i] = value;
        return;
      }
    }
  }

  delete(id: number): boolean {
    const keys = this.keys;
    const values = this.values;
    const mask = this.mask;
    let hole = this.slot(id);
    for (; keys[hole] !== id; hole = (hole + 1) & mask) {
      if (keys[hole] === 0) return false;
    }
    // Shift back every later entry of the probe run that may not stay behind the hole.
    for (let j = (hole + 1) & mask; keys[j] !== 0; j = (j + 1) & mask) {
      const home = this.slot(keys[j]!);
      const stays = hole <= j ? hole < home && home <= j : hole < home || home <= j;
      if (stays) continue;
      keys[hole] = keys[j]!;
      values[hole] = values[j];
      hole = j;
    }
    keys[hole] = 0;
    values[hole] = undefined;
    this.size--;
    return true;
  }

  clear(): void {
    this.keys.fill(0);
    this.values.fill(undefined);
    this.size = 0;
  }

  /** Visits every entry in slot order (not insertion order). */
  forEach(visit: (value: V, id: number) => void): void {
    for (let i = 0; i < this.keys.length; i++) {
      if (this.keys[i] !== 0) visit(this.values[i]!, this.keys[i]!);
    }
  }

  private grow(): void {
    const { keys, values } = this;
    const capacity = keys.length * 2;
    this.keys = new Float64Array(capacity);
    this.values = new Array(capacity).fill(undefined);
    this.mask = capacity - 1;
    this.shift--;
    this.size = 0;
    for (let i = 0; i < keys.length; i++) if (keys[i] !== 0) this.set(keys[i]!, values[i]!);
  }
}
