import type { TSavedAddress } from '@fit24/contract';
import { describe, expect, it } from 'vitest';
import { addressWhen } from './address-when.ts';
import { formatDateTime } from './date-time.ts';

const entry = (status: TSavedAddress['status'], usable_date: number | null): TSavedAddress => ({
  address_id: 1,
  asset_id: 1,
  symbol: 'BTC',
  network: 'bitcoin',
  label: 'Cold wallet',
  address: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080',
  memo: null,
  status,
  usable_date,
  creation_date: 1_800_000_000,
});

describe('addressWhen', () => {
  it('says when a pending address becomes usable, and how long that is from now', () => {
    const usable = 1_800_086_400;
    expect(addressWhen(entry('PENDING', usable), usable - 3 * 3600 - 600)).toBe(
      `Usable from ${formatDateTime(usable)} (in 3 h 10 min)`,
    );
    expect(addressWhen(entry('PENDING', usable), usable + 1)).toBe(
      `Usable from ${formatDateTime(usable)}: refreshing…`,
    );
  });

  it('asks for the emailed code while unconfirmed, and says nothing once active', () => {
    expect(addressWhen(entry('UNCONFIRMED', null), 1_800_000_000)).toContain('6-digit code');
    expect(addressWhen(entry('ACTIVE', 1_800_000_000), 1_800_000_500)).toBeNull();
  });
});
