export const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Fixed-width base62 of a non-negative integer (left-padded with '0'). */
export function toBase62(value: number, width: number): string {
  let out = '';
  let n = value;
  do {
    out = BASE62[n % 62] + out;
    n = Math.floor(n / 62);
  } while (n > 0);
  return out.padStart(width, '0');
}

const BASE62_RE = /^[0-9A-Za-z]+$/;
export function isBase62(s: string): boolean {
  return BASE62_RE.test(s);
}
