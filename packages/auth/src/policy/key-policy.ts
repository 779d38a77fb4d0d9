import type { ErrorCodeKey } from '@vigil/contracts';
import type { ApiKeyPrincipal } from './api-key-principal';

/** Guard 2: revoked, expired (stored or by time), account suspended. `null` = usable. */
export function statusDenial(p: ApiKeyPrincipal, now: number): ErrorCodeKey | null {
  if (p.status === 'revoked') return 'ApiKeyRevoked';
  if (p.status === 'expired' || (p.expiresAt !== null && now >= p.expiresAt)) return 'ApiKeyExpired';
  if (p.accountStatus === 'suspended') return 'AccountSuspended';
  return null;
}

/** Guard 3: an empty allowlist admits any address. */
export function ipAllowed(p: ApiKeyPrincipal, ip: string): boolean {
  return p.allowedIps.length === 0 || p.allowedIps.some((r) => r.contains(ip));
}

/** Guard 4: the scopes a route requires that the key lacks. */
export function missingScopes(required: readonly string[], granted: ReadonlySet<string>): string[] {
  return required.filter((s) => !granted.has(s));
}
