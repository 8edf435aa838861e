/** The parsers of single configuration values: each names its variable and adds a sentence per problem. */

/** `https://SID:TOKEN@host`: both parts of the userinfo present. */
export function hasCredentials(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.username !== '' && parsed.password !== '';
  } catch {
    return false;
  }
}

export function oneOf(value: string, allowed: string[], name: string, problems: string[]): string {
  if (!allowed.includes(value))
    problems.push(`${name} must be one of ${allowed.join(', ')} (got "${value}").`);
  return value;
}

export function integer(value: string, name: string, min: number, max: number, problems: string[]): number {
  const n = Number(value);
  if (!/^[0-9]+$/.test(value) || n < min || n > max) {
    problems.push(`${name} must be a whole number from ${min} to ${max} (got "${value}").`);
  }
  return n;
}

export function flag(
  value: string | undefined,
  fallback: boolean,
  name: string,
  problems: string[],
): boolean {
  if (value === undefined || value === '') return fallback;
  if (value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  problems.push(`${name} must be 1 or 0 (got "${value}").`);
  return fallback;
}

/** `WITHDRAW_AUTO_APPROVE=USDT:100,BTC:0.001`: per asset, the largest withdrawal approved without an operator. */
export function autoApprove(value: string | undefined, problems: string[]): Record<string, string> {
  const limits: Record<string, string> = {};
  if (!value?.trim() || value.trim() === '0') return limits;
  for (const part of value.split(',')) {
    const match = /^\s*([A-Za-z0-9]{2,10})\s*:\s*(0|[1-9][0-9]*)(\.[0-9]+)?\s*$/.exec(part);
    if (!match) {
      problems.push(`WITHDRAW_AUTO_APPROVE must look like USDT:100,BTC:0.001 (got "${part.trim()}").`);
      continue;
    }
    limits[match[1]!.toUpperCase()] = `${match[2]}${match[3] ?? ''}`;
  }
  return limits;
}

/**
 * `TRUST_PROXY`: unset, `0` or `false` → trust no proxy; a whole number → that many hops; otherwise a
 * comma-separated list of addresses and CIDR ranges (`10.0.0.0/8,127.0.0.1`).
 */
export function parseTrustProxy(value: string | undefined, problems: string[]): false | number | string[] {
  const raw = value?.trim() ?? '';
  if (raw === '' || raw === '0' || raw === 'false') return false;
  if (/^[0-9]+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > 10) problems.push(`TRUST_PROXY as a hop count must be from 0 to 10 (got "${raw}").`);
    return hops;
  }
  const list = raw.split(',').map((part) => part.trim());
  for (const entry of list) {
    const [address, bits, extra] = entry.split('/');
    const ipv4 = /^(25[0-5]|2[0-4][0-9]|1?[0-9]?[0-9])(\.(25[0-5]|2[0-4][0-9]|1?[0-9]?[0-9])){3}$/.test(
      address ?? '',
    );
    const ipv6 = !ipv4 && /^[0-9a-fA-F:]+$/.test(address ?? '') && (address ?? '').includes(':');
    const maxBits = ipv4 ? 32 : 128;
    const bitsOk = bits === undefined || (/^[0-9]{1,3}$/.test(bits) && Number(bits) <= maxBits);
    if (!(ipv4 || ipv6) || !bitsOk || extra !== undefined) {
      problems.push(
        `TRUST_PROXY must be a hop count or addresses and CIDR ranges such as 10.0.0.0/8,127.0.0.1 (got "${entry}").`,
      );
    }
  }
  return list;
}

/** `KYC_WITHDRAW_LIMITS_USD=UNVERIFIED:1000,VERIFIED:100000` (the defaults); a tier left out keeps its default. */
export function parseWithdrawLimits(
  value: string | undefined,
  problems: string[],
): { UNVERIFIED: string; VERIFIED: string } {
  const limits = { UNVERIFIED: '1000', VERIFIED: '100000' };
  if (!value?.trim()) return limits;
  for (const part of value.split(',')) {
    const match = /^\s*(UNVERIFIED|VERIFIED)\s*:\s*((?:0|[1-9][0-9]{0,11})(?:\.[0-9]{1,2})?)\s*$/i.exec(part);
    if (!match) {
      problems.push(
        `KYC_WITHDRAW_LIMITS_USD must look like UNVERIFIED:1000,VERIFIED:100000 (got "${part.trim()}").`,
      );
      continue;
    }
    limits[match[1]!.toUpperCase() as 'UNVERIFIED' | 'VERIFIED'] = match[2]!;
  }
  return limits;
}

const SECONDS_PER = { s: 1, m: 60, h: 3600, d: 86_400 } as const;

/**
 * A duration such as `30m`, `6h` or `1d` (seconds, minutes, hours, days), in seconds; `off` or `0` → 0.
 * At least a minute and at most a year.
 */
export function duration(value: string, name: string, problems: string[]): number {
  const text = value.trim().toLowerCase();
  if (text === 'off' || text === '0') return 0;
  const match = /^([1-9][0-9]{0,7})([smhd])$/.exec(text);
  const seconds = match ? Number(match[1]) * SECONDS_PER[match[2] as keyof typeof SECONDS_PER] : 0;
  if (seconds < 60 || seconds > 366 * 86_400) {
    problems.push(
      `${name} must be a duration from 1m to 366d such as 30m, 6h or 1d, or off (got "${value}").`,
    );
    return 0;
  }
  return seconds;
}
