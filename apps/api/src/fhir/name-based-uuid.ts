import { createHash } from 'node:crypto';

/**
 * A name-based UUID (RFC 9562 version 5 layout over SHA-1): the same namespace and text always give the same UUID,
 * so a finding keeps its id across calls (CDS card `uuid`, DetectedIssue `fullUrl`).
 */
export function nameBasedUuid(namespace: string, text: string): string {
  const h = createHash('sha1').update(`${namespace}\u0000${text}`).digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
