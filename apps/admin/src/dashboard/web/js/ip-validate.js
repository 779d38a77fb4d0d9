// Client-side check of allowed IPs / CIDR ranges, mirroring the server (which stays the authority):
// an IPv4/IPv6 address, or address/bits with no host bits set.

function parseIPv4(s) {
  const parts = s.split('.');
  if (parts.length !== 4) return null;
  let n = 0n;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p) || (p.length > 1 && p.startsWith('0')) || Number(p) > 255) return null;
    n = (n << 8n) | BigInt(p);
  }
  return n;
}

function parseIPv6(s) {
  if (!/^[0-9a-f:.]+$/i.test(s) || s.split('::').length > 2) return null;
  let [head, tail] = s.includes('::') ? s.split('::') : [s, null];
  const groups = (part) => (part ? part.split(':') : []);
  let h = groups(head);
  let t = tail === null ? [] : groups(tail);
  const last = (tail === null ? h : t).at(-1);
  let v4 = null;
  if (last && last.includes('.')) {
    v4 = parseIPv4(last);
    if (v4 === null) return null;
    if (tail === null) h = h.slice(0, -1);
    else t = t.slice(0, -1);
  }
  const want = v4 === null ? 8 : 6;
  const count = h.length + t.length;
  if (tail === null ? count !== want : count >= want) return null;
  const all = [...h, ...Array(want - count).fill('0'), ...t];
  let n = 0n;
  for (const g of all) {
    if (!/^[0-9a-f]{1,4}$/i.test(g)) return null;
    n = (n << 16n) | BigInt(parseInt(g, 16));
  }
  if (v4 !== null) n = (n << 32n) | v4;
  return n;
}

/** Returns null when valid, else a short reason. */
export function ipProblem(entry) {
  const value = entry.trim();
  if (!value) return 'empty entry';
  const [addr, bits, extra] = value.split('/');
  if (extra !== undefined) return 'too many "/"';
  const v4 = parseIPv4(addr);
  const v6 = v4 === null ? parseIPv6(addr) : null;
  if (v4 === null && v6 === null) return 'not an IPv4 or IPv6 address';
  if (bits === undefined) return null;
  const width = v4 !== null ? 32 : 128;
  if (!/^\d{1,3}$/.test(bits) || Number(bits) > width) return `prefix length must be 0–${width}`;
  const host = width - Number(bits);
  const n = v4 ?? v6;
  if (host > 0 && (n & ((1n << BigInt(host)) - 1n)) !== 0n) return `host bits set: did you mean ${networkText(n, Number(bits), width)}?`;
  return null;
}

function networkText(n, bits, width) {
  const host = BigInt(width - bits);
  const net = (n >> host) << host;
  if (width === 32) return `${[24n, 16n, 8n, 0n].map((sh) => (net >> sh) & 255n).join('.')}/${bits}`;
  const groups = [];
  for (let i = 7; i >= 0; i--) groups.push(((net >> BigInt(i * 16)) & 0xffffn).toString(16));
  return `${groups.join(':').replace(/(^|:)0(:0)+(:|$)/, '::')}/${bits}`;
}

/** Splits a textarea (lines, commas, spaces) into entries. */
export function splitEntries(text) {
  return text
    .split(/[\s,]+/)
    .map((e) => e.trim())
    .filter(Boolean);
}
