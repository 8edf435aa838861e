import { describe, expect, it } from 'vitest';
import { parseIpList } from './ip-list.ts';

describe('the IP allow-list box', () => {
  it('splits on commas, spaces and new lines, drops blanks and repeats', () => {
    expect(parseIpList(' 203.0.113.7,\n198.51.100.0/24  203.0.113.7 ,, 2001:db8::/32\n').entries).toEqual([
      '203.0.113.7',
      '198.51.100.0/24',
      '2001:db8::/32',
    ]);
    expect(parseIpList('   ').entries).toEqual([]);
  });

  it('names every entry that is not an address or a CIDR range', () => {
    const list = parseIpList('10.0.0.1, 10.0.0.300, 10.0.0.0/33, example.com, ::1, fe80::/10');
    expect(list.invalid).toEqual(['10.0.0.300', '10.0.0.0/33', 'example.com']);
  });
});
