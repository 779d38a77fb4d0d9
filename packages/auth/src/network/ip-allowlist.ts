import { CidrRange } from './cidr-range';

export const MAX_ALLOWED_IPS = 100;

/** Validates an allowlist for storage; returns the errors by index (empty = valid). */
export function allowlistErrors(entries: readonly unknown[]): { index: number; message: string }[] {
  const errors: { index: number; message: string }[] = [];
  if (entries.length > MAX_ALLOWED_IPS) errors.push({ index: MAX_ALLOWED_IPS, message: `at most ${MAX_ALLOWED_IPS} entries` });
  entries.forEach((e, index) => {
    if (typeof e !== 'string' || !CidrRange.parse(e)) errors.push({ index, message: `"${String(e)}" is not an IPv4/IPv6 address or CIDR range (host bits must be zero)` });
  });
  return errors;
}

export function parseAllowlist(entries: readonly string[]): CidrRange[] {
  return entries.map((e) => CidrRange.parse(e)).filter((r): r is CidrRange => r !== undefined);
}
