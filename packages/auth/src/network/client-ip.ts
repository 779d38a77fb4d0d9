import type { CidrRange } from './cidr-range';
import { normalizeIp } from './ip-address';

/**
 * The client address: the socket peer, unless that peer is a trusted proxy; then walk `X-Forwarded-For` from
 * the right and take the first hop that is not itself trusted. Never the leftmost entry blindly (clients forge it).
 */
export function clientIp(socketPeer: string, forwardedFor: string | string[] | undefined, trusted: readonly CidrRange[]): string {
  const peer = normalizeIp(socketPeer);
  const isTrusted = (ip: string) => trusted.some((r) => r.contains(ip));
  if (!trusted.length || !isTrusted(peer) || !forwardedFor) return peer;
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor)
    .split(',')
    .map((h) => normalizeIp(h))
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    if (!isTrusted(hops[i])) return hops[i];
  }
  return hops[0] ?? peer;
}
