import type { CidrRange } from '../network/cidr-range';
import type { OrgPolicyViolationKey } from './org-key.policy';

/** What the guards need to know about a key, cached per key hash. Never holds the key itself. */
export interface ApiKeyPrincipal {
  keyId: string;
  /** The account whose plan and monthly quota apply: the organisation's owner. */
  accountId: string;
  /** The key's organisation (absent only in unit-test principals). */
  organisationId?: string;
  /** The member who made the key, when not {@link accountId}. */
  creatorAccountId?: string;
  hint: string;
  status: 'active' | 'revoked' | 'expired';
  /** Effective expiry (ms): the key's own, or a rolled key's grace end when earlier. */
  expiresAt: number | null;
  /** A rolled key: its successor's id (named in the refusal once the grace has ended). */
  rotatedToKeyId?: string;
  accountStatus: 'active' | 'suspended';
  scopes: ReadonlySet<string>;
  allowedIps: readonly CidrRange[];
  /** The organisation-wide allowlist every key inherits (absent or empty = none). */
  orgAllowedIps?: readonly CidrRange[];
  /** Set when the key breaks its organisation's key policy: it is refused with this code on every call. */
  orgPolicyDenial?: { key: OrgPolicyViolationKey; detail: string };
  rateLimit: { limit: number; windowSeconds: number };
  /** Calls per UTC calendar month the key's account may make (its plan in force). */
  monthlyQuota: number;
  /** The key's project (absent only in unit-test principals). */
  projectId?: string;
  /** The project's own rate limit over all its keys (absent = none). */
  projectRateLimit?: { limit: number; windowSeconds: number };
  /** The project's own monthly quota over all its keys (absent = none). */
  projectMonthlyQuota?: number;
  /** Usage tag of calls that send no `x-vigil-tag` header (absent = untagged). */
  usageTag?: string;
}
