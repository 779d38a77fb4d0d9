import { isIP } from 'node:net';

/** Shape check: an IPv4/IPv6 address or `address/bits`. (The key service also rejects ranges with host bits set.) */
export function isIpOrCidr(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const [addr, bits, extra] = value.trim().split('/');
  const fam = isIP(addr);
  if (!fam || extra !== undefined) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (fam === 4 ? 32 : 128));
}

function parseIPv4(s: string): bigint | null {
  const parts = s.split('.');
  if (parts.length !== 4) return null;
  let n = 0n;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p) || (p.length > 1 && p.startsWith('0')) || Number(p) > 255) return null;
    n = (n << 8n) | BigInt(p);
  }
  return n;
}

function parseIPv6(s: string): bigint | null {
  if (!/^[0-9a-f:.]+$/i.test(s) || s.split('::').length > 2) return null;
  const [head, tail] = s.includes('::') ? s.split('::') : [s, null];
  const groups = (part: string) => (part ? part.split(':') : []);
  let h = groups(head);
  let t = tail === null ? [] : groups(tail);
  const last = (tail === null ? h : t).at(-1);
  let v4: bigint | null = null;
  if (last && last.includes('.')) {
    v4 = parseIPv4(last);
    if (v4 === null) return null;
    if (tail === null) h = h.slice(0, -1);
    else t = t.slice(0, -1);
  }
  const want = v4 === null ? 8 : 6;
  const count = h.length + t.length;
  if (tail === null ? count !== want : count >= want) return null;
  let n = 0n;
  for (const g of [...h, ...Array<string>(want - count).fill('0'), ...t]) {
    if (!/^[0-9a-f]{1,4}$/i.test(g)) return null;
    n = (n << 16n) | BigInt(parseInt(g, 16));
  }
  return v4 === null ? n : (n << 32n) | v4;
}

function networkText(n: bigint, bits: number, width: 32 | 128): string {
  const host = BigInt(width - bits);
  const net = (n >> host) << host;
  if (width === 32) return `${[24n, 16n, 8n, 0n].map((sh) => (net >> sh) & 255n).join('.')}/${bits}`;
  const groups: string[] = [];
  for (let i = 7; i >= 0; i--) groups.push(((net >> BigInt(i * 16)) & 0xffffn).toString(16));
  return `${groups.join(':').replace(/(^|:)0(:0)+(:|$)/, '::')}/${bits}`;
}

/**
 * Why an IP allowlist entry is refused, in words that quote it; null when it is an IPv4/IPv6 address, or a CIDR
 * range with no host bits set. The dashboard checks entries the same way as you type (`ip-validate.js`).
 */
export function ipOrCidrProblem(value: unknown): string | null {
  if (typeof value !== 'string') return 'must be a string';
  const quoted = JSON.stringify(value);
  const [addr, bits, extra] = value.trim().split('/');
  const v4 = parseIPv4(addr);
  const v6 = v4 === null ? parseIPv6(addr) : null;
  if (extra !== undefined || (v4 === null && v6 === null)) return `${quoted} is not an IPv4/IPv6 address or CIDR range`;
  if (bits === undefined) return null;
  const width = v4 !== null ? 32 : 128;
  if (!/^\d{1,3}$/.test(bits) || Number(bits) > width) return `${quoted}: the prefix length must be 0–${width}`;
  const host = width - Number(bits);
  const n = (v4 ?? v6) as bigint;
  if (host > 0 && (n & ((1n << BigInt(host)) - 1n)) !== 0n) return `${quoted} has host bits set: did you mean ${networkText(n, Number(bits), width)}?`;
  return null;
}
