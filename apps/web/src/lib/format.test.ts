import { describe, expect, it } from 'vitest';
import { describeUserAgent, formatAgo, formatBytes, maskAccountNumber, networkLabel } from './format.ts';

describe('maskAccountNumber', () => {
  it('shows only the last four characters', () => {
    expect(maskAccountNumber('GB29NWBK60161331926819')).toBe('•••• 6819');
    expect(maskAccountNumber('12345678')).toBe('•••• 5678');
  });

  it('ignores spaces and leaves a number of four or fewer characters as it is', () => {
    expect(maskAccountNumber('GB29 NWBK 6016 1331 9268 19')).toBe('•••• 6819');
    expect(maskAccountNumber('1234')).toBe('1234');
  });

  it('never reveals more than four characters of the number', () => {
    const masked = maskAccountNumber('ABCDEFGHIJ1234');
    expect(masked.replace(/[^A-Z0-9]/g, '')).toBe('1234');
  });
});

describe('networkLabel', () => {
  it('capitalises the network name', () => {
    expect(networkLabel('bitcoin')).toBe('Bitcoin');
    expect(networkLabel('ethereum')).toBe('Ethereum');
  });
});

describe('formatBytes', () => {
  it('uses B, KB and MB', () => {
    expect(formatBytes(820)).toBe('820 B');
    expect(formatBytes(14_540)).toBe('14.2 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB');
  });
});

describe('formatAgo', () => {
  it('says how long ago, in the largest whole unit', () => {
    expect(formatAgo(1000, 1030)).toBe('just now');
    expect(formatAgo(1000, 1000 + 5 * 60)).toBe('5 min ago');
    expect(formatAgo(1000, 1000 + 3 * 3600 + 59)).toBe('3 h ago');
    expect(formatAgo(1000, 1000 + 86_400)).toBe('1 day ago');
    expect(formatAgo(1000, 1000 + 2 * 86_400)).toBe('2 days ago');
  });

  it('treats a moment in the future as now', () => {
    expect(formatAgo(2000, 1000)).toBe('just now');
  });
});

describe('describeUserAgent', () => {
  it('names browser and system', () => {
    expect(
      describeUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iPhone');
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
      ),
    ).toBe('Chrome on Android');
    expect(
      describeUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/124.0 Safari/537.36 Edg/124.0'),
    ).toBe('Edge on Windows');
  });

  it('falls back to the raw text, shortened, or to an unknown device', () => {
    expect(describeUserAgent(null)).toBe('Unknown device');
    expect(describeUserAgent('curl/8.0')).toBe('curl/8.0');
    expect(describeUserAgent('06f9642a-20c2-442f-bfdf-460a9d3ca10a')).toBe('FIT24 app · 06f9642a');
  });
});
