import { isIP } from 'node:net';

/** An address as a 128-bit number; IPv4 (and IPv4-mapped IPv6) live in the ::ffff:0:0/96 range. */
export interface ParsedIp {
  value: bigint;
  v4: boolean;
}

const V4_MAPPED_BASE = 0xffffn << 32n;

/** Removes brackets and zone ids and turns `::ffff:1.2.3.4` into `1.2.3.4`. */
export function normalizeIp(raw: string): string {
  let ip = raw.trim();
  if (ip.startsWith('[') && ip.endsWith(']')) ip = ip.slice(1, -1);
  const zone = ip.indexOf('%');
  if (zone >= 0) ip = ip.slice(0, zone);
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1];
  const parsed = parseIp(ip);
  if (parsed && isIP(ip) === 6 && parsed.value >> 32n === 0xffffn) {
    const v = Number(parsed.value & 0xffffffffn);
    return [v >>> 24, (v >>> 16) & 255, (v >>> 8) & 255, v & 255].join('.');
  }
  return ip.toLowerCase();
}

export function parseIp(ip: string): ParsedIp | undefined {
  const fam = isIP(ip);
  if (fam === 4) {
    const parts = ip.split('.').map(Number);
    return { value: V4_MAPPED_BASE | BigInt(((parts[0] << 24) >>> 0) + (parts[1] << 16) + (parts[2] << 8) + parts[3]), v4: true };
  }
  if (fam === 6) {
    let text = ip;
    const v4Tail = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
    if (v4Tail) {
      const p = v4Tail[1].split('.').map(Number);
      text = `${text.slice(0, -v4Tail[1].length)}${((p[0] << 8) | p[1]).toString(16)}:${((p[2] << 8) | p[3]).toString(16)}`;
    }
    const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
    const h = head ? head.split(':') : [];
    const t = tail !== undefined ? (tail ? tail.split(':') : []) : [];
    const groups = tail !== undefined ? [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t] : h;
    let value = 0n;
    for (const g of groups) value = (value << 16n) | BigInt(parseInt(g, 16));
    const isMapped = value >> 32n === 0xffffn;
    return { value, v4: isMapped };
  }
  return undefined;
}
