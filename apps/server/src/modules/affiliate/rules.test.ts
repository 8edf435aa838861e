import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultAffiliateConfig as config } from '../../config-affiliate.ts';
import { boostTarget, dailyReward, maskName, percentOf, waterfall, weekStart } from './rules.ts';

const FIT = 100_000_000n; // 1 FIT24 in base units
const start = new Date('2026-01-01T00:00:00Z');
const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);

describe('boost target', () => {
  it('is 2 × amount up to and at 1,296,000 s after start_date, 4 × one second later', () => {
    expect(boostTarget(100n * FIT, start, at(0), config)).toBe(200n * FIT);
    expect(boostTarget(100n * FIT, start, at(1_295_999), config)).toBe(200n * FIT);
    expect(boostTarget(100n * FIT, start, at(1_296_000), config)).toBe(200n * FIT);
    expect(boostTarget(100n * FIT, start, at(1_296_001), config)).toBe(400n * FIT);
  });
});

describe('the waterfall', () => {
  const stake = (id: number, amount: bigint, progress = 0n) => ({
    stakeId: BigInt(id),
    amount: amount * FIT,
    startDate: start,
    progress: progress * FIT,
  });

  it('fills the oldest unboosted stake first and flows the rest on', () => {
    const changes = waterfall([stake(1, 100n), stake(2, 50n), stake(3, 10n)], 250n * FIT, at(10), config);
    expect(changes).toEqual([
      { stakeId: 1n, progress: 200n * FIT, boosted: true },
      { stakeId: 2n, progress: 50n * FIT, boosted: false },
    ]);
  });

  it('boosts at exactly the target, not a unit before', () => {
    expect(waterfall([stake(1, 100n)], 200n * FIT - 1n, at(10), config)[0]).toMatchObject({ boosted: false });
    expect(waterfall([stake(1, 100n)], 200n * FIT, at(10), config)[0]).toMatchObject({ boosted: true });
  });

  it('needs 4 × after the window', () => {
    expect(waterfall([stake(1, 100n, 150n)], 100n * FIT, at(1_296_001), config)[0]).toEqual({
      stakeId: 1n,
      progress: 250n * FIT,
      boosted: false,
    });
  });

  it('never gives more than the business, never passes a target, and keeps order', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            amount: fc.bigInt({ min: 1n, max: 10n ** 12n }),
            progress: fc.bigInt({ min: 0n, max: 10n ** 12n }),
          }),
          { maxLength: 6 },
        ),
        fc.bigInt({ min: 1n, max: 10n ** 13n }),
        (rows, business) => {
          const stakes = rows.map((r, i) => ({
            stakeId: BigInt(i + 1),
            amount: r.amount,
            startDate: start,
            progress: r.progress < r.amount * 2n ? r.progress : 0n,
          }));
          const changes = waterfall(stakes, business, at(5), config);
          let given = 0n;
          for (const change of changes) {
            const before = stakes.find((s) => s.stakeId === change.stakeId)!;
            expect(change.progress).toBeGreaterThanOrEqual(before.progress);
            expect(change.progress).toBeLessThanOrEqual(before.amount * 2n);
            expect(change.boosted).toBe(change.progress === before.amount * 2n);
            given += change.progress - before.progress;
          }
          expect(given).toBeLessThanOrEqual(business);
        },
      ),
    );
  });
});

describe('rewards arithmetic', () => {
  it('pays amount × yield% × surge, rounded down', () => {
    expect(dailyReward(1000n * FIT, '0.30', '1.0')).toBe(3n * FIT);
    expect(dailyReward(1000n * FIT, '0.60', '1.5')).toBe(9n * FIT);
    expect(dailyReward(1n, '0.30', '1.0')).toBe(0n);
    expect(dailyReward(10n * FIT, '0.30', '0.0')).toBe(0n);
  });

  it('takes level income as a percent of the reward', () => {
    expect(percentOf(3n * FIT, '10')).toBe(30_000_000n);
    expect(percentOf(3n * FIT, '1')).toBe(3_000_000n);
    expect(percentOf(7n, '10')).toBe(0n);
  });

  it('starts weeks on Monday UTC', () => {
    expect(weekStart(new Date('2026-11-23T10:00:00Z'))).toBe('2026-11-23');
    expect(weekStart(new Date('2026-11-29T23:59:59Z'))).toBe('2026-11-23');
    expect(weekStart(new Date('2026-11-30T00:00:00Z'))).toBe('2026-11-30');
  });

  it('masks names', () => {
    expect(maskName('Ada Lovelace')).toBe('A*a L******e');
    expect(maskName('Bo')).toBe('B*');
  });
});
