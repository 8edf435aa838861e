/** Fastify's `trustProxy` for `(address, hop)`: whether that hop of the chain may speak for the client. */
export type TrustProxyOption = false | string[] | ((address: string, hop: number) => boolean);

/**
 * `TRUST_PROXY` as Fastify takes it. A list of addresses and CIDR ranges passes through: only those
 * peers' X-Forwarded-For is believed. Fastify 5 treats a bare number as "trust nothing" (a hop count
 * cannot tell a proxy from a direct client), so a hop count is turned into the classic rule here: the
 * nearest `hops` addresses of the chain are proxies. Danger: then any client that reaches the server
 * directly, not through the proxy, chooses its own address (rate-limit keys, session IPs); set a hop
 * count only when the port is reachable through the proxy alone, and prefer the address list.
 */
export function trustProxyOption(trust: false | number | string[]): TrustProxyOption {
  if (trust === false || trust === 0) return false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}
