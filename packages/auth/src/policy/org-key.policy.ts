import type { ErrorCodeKey } from '@vigil/contracts';

/** An organisation's key policy, as its owners and admins set it. */
export interface OrgKeyPolicy {
  /** Longest lifetime (creation to expiry) a key may have; null = any, including none. */
  maxKeyLifetimeSeconds: number | null;
  /** Every key must carry its own IP allowlist. */
  requireIpAllowlist: boolean;
  /** Scopes keys may hold; null = any. */
  allowedScopes: readonly string[] | null;
}

/** What the policy looks at in a key (new or existing): times in ms. */
export interface OrgPolicyKeyFacts {
  createdAt: number;
  expiresAt: number | null;
  allowedIps: readonly string[];
  scopes: readonly string[];
}

export type OrgPolicyViolationKey = Extract<ErrorCodeKey, 'OrgPolicyMaxLifetime' | 'OrgPolicyIpAllowlistRequired' | 'OrgPolicyScopeNotAllowed'>;

export interface OrgPolicyViolation {
  key: OrgPolicyViolationKey;
  /** JSON pointer into a key request. */
  pointer: string;
  message: string;
}

export const NO_ORG_POLICY: OrgKeyPolicy = { maxKeyLifetimeSeconds: null, requireIpAllowlist: false, allowedScopes: null };

/**
 * Every way a key breaks the policy, in a fixed order (lifetime, allowlist, scopes). Used when a key is created or
 * changed (the admin app refuses it) and when the API loads a key (an existing key that no longer complies is refused
 * on every call with the same code, not revoked).
 */
export function orgPolicyViolations(key: OrgPolicyKeyFacts, policy: OrgKeyPolicy): OrgPolicyViolation[] {
  const out: OrgPolicyViolation[] = [];
  const max = policy.maxKeyLifetimeSeconds;
  if (max !== null) {
    if (key.expiresAt === null) {
      out.push({ key: 'OrgPolicyMaxLifetime', pointer: '/expiresAt', message: `the organisation requires keys to expire within ${describeSeconds(max)}` });
    } else if (key.expiresAt - key.createdAt > max * 1000) {
      out.push({ key: 'OrgPolicyMaxLifetime', pointer: '/expiresAt', message: `the organisation allows keys to live at most ${describeSeconds(max)}` });
    }
  }
  if (policy.requireIpAllowlist && key.allowedIps.length === 0) {
    out.push({ key: 'OrgPolicyIpAllowlistRequired', pointer: '/allowedIps', message: 'the organisation requires every key to have an IP allowlist' });
  }
  if (policy.allowedScopes !== null) {
    const allowed = new Set(policy.allowedScopes);
    const refused = key.scopes.filter((s) => !allowed.has(s));
    if (refused.length) {
      out.push({ key: 'OrgPolicyScopeNotAllowed', pointer: '/scopes', message: `the organisation does not allow the scope${refused.length > 1 ? 's' : ''} ${refused.join(', ')}` });
    }
  }
  return out;
}

/** `86400` → `1 day`, `3600` → `1 hour`, `90` → `90 seconds`. */
export function describeSeconds(s: number): string {
  const unit = (n: number, u: string) => `${n} ${u}${n === 1 ? '' : 's'}`;
  if (s % 86_400 === 0) return unit(s / 86_400, 'day');
  if (s % 3_600 === 0) return unit(s / 3_600, 'hour');
  return unit(s, 'second');
}
