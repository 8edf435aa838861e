import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IdMap } from './id-map.ts';

describe('IdMap (the engine’s order-id index)', () => {
  it('behaves like Map under random sets and deletes, through growth and backward-shift deletion', () => {
    // Few distinct ids in a wide or a narrow range: long probe runs, wrap-around and many deletes.
    const id = fc.oneof(
      fc.integer({ min: 1, max: 3000 }),
      fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
    );
    const op = fc.record({ kind: fc.constantFrom('set', 'set', 'delete', 'get'), id, value: fc.nat() });
    fc.assert(
      fc.property(fc.array(op, { minLength: 200, maxLength: 2000, size: 'max' }), (ops) => {
        const map = new IdMap<number>(4); // tiny, so that probe runs collide, wrap around and grow
        const model = new Map<number, number>();
        for (const { kind, id, value } of ops) {
          if (kind === 'set') {
            map.set(id, value);
            model.set(id, value);
          } else if (kind === 'delete' && map.delete(id) !== model.delete(id)) {
            return false;
          }
          if (map.get(id) !== model.get(id)) return false;
        }
        for (const [key, value] of model) if (map.get(key) !== value) return false;
        const seen = new Map<number, number>();
        map.forEach((value, key) => {
          seen.set(key, value);
        });
        expect(seen).toEqual(model);
        return map.size === model.size;
      }),
      { numRuns: 150 },
    );
  });

  it('keeps every entry findable when ids share their low bits (strided ids)', () => {
    const map = new IdMap<number>();
    const ids = Array.from({ length: 5000 }, (_, i) => (i + 1) * 2 ** 32 + 7);
    for (const [i, id] of ids.entries()) map.set(id, i);
    for (const [i, id] of ids.entries()) if (i % 3 === 0) map.delete(id);
    for (const [i, id] of ids.entries()) expect(map.get(id)).toBe(i % 3 === 0 ? undefined : i);
    expect(map.size).toBe(5000 - 1667);
    map.clear();
    expect([map.size, map.get(ids[1]!)]).toEqual([0, undefined]);
  });
});
