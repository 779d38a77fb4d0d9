import { BlockList, isIP } from 'node:net';

/** What an address is, for deciding whether Vigil may send a webhook to it. */
export type AddressClass = 'public' | 'private' | 'loopback' | 'link-local' | 'metadata' | 'unspecified' | 'multicast' | 'reserved';

const RANGES: [AddressClass, 'ipv4' | 'ipv6', string, number][] = [
  // Cloud metadata services first: they sit inside link-local or private ranges.
  ['metadata', 'ipv4', '169.254.169.254', 32],
  ['metadata', 'ipv4', '169.254.170.2', 32],
  ['metadata', 'ipv4', '100.100.100.200', 32],
  ['metadata', 'ipv6', 'fd00:ec2::254', 128],
  ['unspecified', 'ipv4', '0.0.0.0', 8],
  ['unspecified', 'ipv6', '::', 128],
  ['loopback', 'ipv4', '127.0.0.0', 8],
  ['loopback', 'ipv6', '::1', 128],
  ['private', 'ipv4', '10.0.0.0', 8],
  ['private', 'ipv4', '172.16.0.0', 12],
  ['private', 'ipv4', '192.168.0.0', 16],
  ['private', 'ipv4', '100.64.0.0', 10],
  ['private', 'ipv6', 'fc00::', 7],
  ['link-local', 'ipv4', '169.254.0.0', 16],
  ['link-local', 'ipv6', 'fe80::', 10],
  ['multicast', 'ipv4', '224.0.0.0', 4],
  ['multicast', 'ipv6', 'ff00::', 8],
  ['reserved', 'ipv4', '240.0.0.0', 4],
  ['reserved', 'ipv4', '192.0.0.0', 24],
  ['reserved', 'ipv4', '192.0.2.0', 24],
  ['reserved', 'ipv4', '198.18.0.0', 15],
  ['reserved', 'ipv4', '198.51.100.0', 24],
  ['reserved', 'ipv4', '203.0.113.0', 24],
  ['reserved', 'ipv6', '2001:db8::', 32],
  ['reserved', 'ipv6', '64:ff9b::', 96],
  ['reserved', 'ipv6', '2002::', 16],
  ['reserved', 'ipv6', '2001::', 32],
];

const LISTS = RANGES.map(([cls, family, net, prefix]) => {
  const list = new BlockList();
  list.addSubnet(net, prefix, family);
  return { cls, family, list };
});

/** An IPv4-mapped IPv6 address (`::ffff:10.0.0.1`, or its hex form) as the IPv4 address it is. */
function unmapped(ip: string): { ip: string; family: 'ipv4' | 'ipv6' } {
  const lower = ip.toLowerCase();
  const dotted = /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return { ip: dotted[1], family: 'ipv4' };
  const hex = /^(?:0{0,4}:){0,5}:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const hi = parseInt(hex[1], 16);
    const lo = parseInt(hex[2], 16);
    return { ip: `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`, family: 'ipv4' };
  }
  return { ip, family: isIP(ip) === 4 ? 'ipv4' : 'ipv6' };
}

/** Classifies an IP address (v4, v6 or v4-mapped v6). Throws on text that is not one. */
export function classifyAddress(address: string): AddressClass {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (isIP(bare) === 0) throw new Error(`not an IP address: ${address}`);
  const { ip, family } = unmapped(bare);
  for (const { cls, family: f, list } of LISTS) if (f === family && list.check(ip, family)) return cls;
  return 'public';
}

/**
 * Whether a webhook may go to an address of this class: public always; private and loopback only when the operator
 * allows private targets (`VIGIL_WEBHOOKS_ALLOW_PRIVATE_TARGETS`, for receivers on the same network or in tests);
 * link-local, metadata, unspecified, multicast and reserved never.
 */
export function addressAllowed(cls: AddressClass, allowPrivate: boolean): boolean {
  if (cls === 'public') return true;
  return allowPrivate && (cls === 'private' || cls === 'loopback');
}

/**
 * The checks on an endpoint URL that need no DNS: https, or http only when private targets are allowed (the address
 * it resolves to must then be private or loopback, checked at each delivery); a literal IP host must be allowed; a
 * `localhost` name counts as loopback. Returns the reason for refusal, or null.
 */
export function urlRefusal(url: string, allowPrivate: boolean): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'is not a URL';
  }
  if (u.protocol !== 'https:' && !(u.protocol === 'http:' && allowPrivate)) return 'must use https';
  const host = u.hostname.startsWith('[') ? u.hostname.slice(1, -1) : u.hostname;
  if (isIP(host) !== 0) {
    const cls = classifyAddress(host);
    return addressAllowed(cls, allowPrivate) ? null : `points to a ${cls} address`;
  }
  if (host === 'localhost' || host.endsWith('.localhost')) return allowPrivate ? null : 'points to a loopback address';
  return null;
}
