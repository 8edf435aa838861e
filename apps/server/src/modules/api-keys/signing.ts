import { createHmac, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import { apiKeySigningString } from '@fit24/contract';

/**
 * The signature of a request made with a personal key: HMAC-SHA256 under the key's secret, in lowercase
 * hex, of `timestamp + METHOD + path-with-query + body` (`apiKeySigningString`).
 */
export function signRequest(
  secret: string,
  request: { timestamp: string; method: string; path: string; body: string },
): string {
  return createHmac('sha256', secret)
    .update(apiKeySigningString(request.timestamp, request.method, request.path, request.body))
    .digest('hex');
}

/** Constant-time comparison of two hex signatures. */
export function sameSignature(given: string, expected: string): boolean {
  const a = Buffer.from(given.toLowerCase());
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `::ffff:203.0.113.7` (IPv4 seen through an IPv6 socket) is 203.0.113.7. */
function plainAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped ? mapped[1]! : ip;
}

/** Whether `ip` is in the allow-list (addresses and CIDR ranges); an empty list allows every address. */
export function ipAllowed(ip: string, allowlist: readonly string[]): boolean {
  if (allowlist.length === 0) return true;
  const address = plainAddress(ip);
  const family = isIP(address);
  if (family === 0) return false;
  const list = new BlockList();
  for (const entry of allowlist) {
    const [base, bits] = entry.split('/');
    const entryFamily = isIP(base!);
    if (entryFamily === 0) continue;
    const type = entryFamily === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(base!, type);
    else list.addSubnet(base!, Number(bits), type);
  }
  return list.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
