import { isIP } from 'node:net';

/** Shape check: an IPv4/IPv6 address or `address/bits`. (The key service also rejects ranges with host bits set.) */
export function isIpOrCidr(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const [addr, bits, extra] = value.trim().split('/');
  const fam = isIP(addr);
  if (!fam || extra !== undefined) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (fam === 4 ? 32 : 128));
}
