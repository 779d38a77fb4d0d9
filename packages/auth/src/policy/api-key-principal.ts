import type { CidrRange } from '../network/cidr-range';

/** What the guards need to know about a key, cached per key hash. Never holds the key itself. */
export interface ApiKeyPrincipal {
  keyId: string;
  accountId: string;
  hint: string;
  status: 'active' | 'revoked' | 'expired';
  /** Effective expiry (ms): the key's own, or a rolled key's grace end when earlier. */
  expiresAt: number | null;
  /** A rolled key: its successor's id (named in the refusal once the grace has ended). */
  rotatedToKeyId?: string;
  accountStatus: 'active' | 'suspended';
  scopes: ReadonlySet<string>;
  allowedIps: readonly CidrRange[];
  rateLimit: { limit: number; windowSeconds: number };
  /** Calls per UTC calendar month the key's account may make (its plan in force). */
  monthlyQuota: number;
  /** Usage tag of calls that send no `x-vigil-tag` header (absent = untagged). */
  usageTag?: string;
}
