import { normalizeIp, parseIp } from './ip-address';

/** An IPv4/IPv6 address or CIDR range, compared as 128-bit numbers (IPv4 inside ::ffff:0:0/96). */
export class CidrRange {
  private constructor(
    readonly text: string,
    private readonly network: bigint,
    private readonly mask: bigint,
  ) {}

  /** Parses `1.2.3.4`, `10.0.0.0/8`, `2001:db8::/32`, `::1`; undefined when invalid (or host bits set). */
  static parse(input: string): CidrRange | undefined {
    const trimmed = input.trim();
    const [addr, bitsText, extra] = trimmed.split('/');
    if (extra !== undefined || !addr) return undefined;
    const ip = parseIp(normalizeIp(addr));
    if (!ip) return undefined;
    const maxBits = ip.v4 ? 32 : 128;
    if (bitsText !== undefined && !/^\d{1,3}$/.test(bitsText)) return undefined;
    const bits = bitsText === undefined ? maxBits : Number(bitsText);
    if (bits > maxBits) return undefined;
    const prefixBits = ip.v4 ? 96 + bits : bits;
    const mask = prefixBits === 0 ? 0n : ((1n << 128n) - 1n) ^ ((1n << BigInt(128 - prefixBits)) - 1n);
    if ((ip.value & mask) !== ip.value) return undefined;
    return new CidrRange(trimmed, ip.value, mask);
  }

  contains(ip: string): boolean {
    const parsed = parseIp(normalizeIp(ip));
    return parsed !== undefined && (parsed.value & this.mask) === this.network;
  }
}
