import type { ErrorCodeKey } from '@vigil/contracts';
import type { ApiKeyPrincipal } from './api-key-principal';

/** Guard 2: revoked, expired (stored or by time), account suspended, organisation key policy broken. `null` = usable. */
export function statusDenial(p: ApiKeyPrincipal, now: number): ErrorCodeKey | null {
  if (p.status === 'revoked') return 'ApiKeyRevoked';
  if (p.status === 'expired' || (p.expiresAt !== null && now >= p.expiresAt)) return 'ApiKeyExpired';
  if (p.accountStatus === 'suspended') return 'AccountSuspended';
  if (p.orgPolicyDenial) return p.orgPolicyDenial.key;
  return null;
}

/** Guard 3: the key's own allowlist and its organisation's, both; an empty one admits any address. */
export function ipAllowed(p: ApiKeyPrincipal, ip: string): boolean {
  const org = p.orgAllowedIps;
  return (p.allowedIps.length === 0 || p.allowedIps.some((r) => r.contains(ip))) && (!org || org.length === 0 || org.some((r) => r.contains(ip)));
}

/** Guard 4: the scopes a route requires that the key lacks. */
export function missingScopes(required: readonly string[], granted: ReadonlySet<string>): string[] {
  return required.filter((s) => !granted.has(s));
}
