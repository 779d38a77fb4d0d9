import { Injectable, Logger } from '@nestjs/common';
import { type ApiKeyPrincipal, type ApiKeyPrincipalSource, orgPolicyViolations, parseAllowlist } from '@vigil/auth';
import { effectivePlanId } from '@vigil/contracts';
import { type ApiKeyLookup, ApiKeyRepository, type KeyEvent } from '@vigil/db';
import { ProblemException } from '@vigil/platform';
import { DataSource } from 'typeorm';
import { NegativeKeyCache } from './negative-key.cache';
import { PlanCatalog } from './plan-catalog';

interface Entry {
  principal: ApiKeyPrincipal;
  loadedAt: number;
}

/**
 * A rolled key works until its grace period ends: folded into the expiry the status guard checks on every request, so
 * an elapsed grace is refused from memory. An early end (successor in use, old key idle) arrives as a key event.
 */
function effectiveExpiry(r: ApiKeyLookup): number | null {
  const own = r.expiresAt ? r.expiresAt.getTime() : null;
  const grace = r.rotationGraceEndsAt ? r.rotationGraceEndsAt.getTime() : null;
  if (own === null) return grace;
  return grace === null ? own : Math.min(own, grace);
}

/**
 * The first way the key breaks its organisation's key policy (it is then refused with that code on every call, not
 * revoked): decided once when the key is loaded, so the guards pay nothing for it.
 */
function policyDenial(r: ApiKeyLookup): ApiKeyPrincipal['orgPolicyDenial'] {
  const [v] = orgPolicyViolations(
    { createdAt: r.createdAt.getTime(), expiresAt: r.expiresAt ? r.expiresAt.getTime() : null, allowedIps: r.allowedIps, scopes: r.scopes },
    { maxKeyLifetimeSeconds: r.policyMaxKeyLifetimeSeconds, requireIpAllowlist: r.policyRequireIpAllowlist, allowedScopes: r.policyAllowedScopes },
  );
  return v ? { key: v.key, detail: v.message } : undefined;
}

function withPolicyDenial(r: ApiKeyLookup): Pick<ApiKeyPrincipal, 'orgPolicyDenial'> {
  const denial = policyDenial(r);
  return denial ? { orgPolicyDenial: denial } : {};
}

const POSITIVE_TTL_MS = 30_000;
const MAX_ENTRIES = 50_000;
/** Unknown hashes: cleared whenever a key is created, so they can be kept long; bounded against a flood. */
const NEGATIVE_TTL_MS = 10 * 60_000;
const MAX_NEGATIVE_ENTRIES = 100_000;

/**
 * Key principals by SHA-256, through an in-process cache in front of PostgreSQL. Entries are evicted by
 * LISTEN/NOTIFY events the moment a key or account changes; a short TTL is the safety net. Hashes the database
 * does not know go to a bounded negative cache that a key-created event clears: a flood of made-up keys with valid
 * checksums costs one query per distinct key, not one per request.
 */
@Injectable()
export class ApiKeyPrincipalService implements ApiKeyPrincipalSource {
  private readonly logger = new Logger('ApiKeyPrincipals');
  private readonly cache = new Map<string, Entry>();
  readonly unknown = new NegativeKeyCache(MAX_NEGATIVE_ENTRIES, NEGATIVE_TTL_MS);
  /** Lookups that went to the database, and answers from the cache of known keys (for metrics and tests). */
  lookups = 0;
  hits = 0;
  private readonly inflight = new Map<string, Promise<ApiKeyPrincipal | null>>();
  private readonly hashByKeyId = new Map<string, string>();
  /** Hashes by the ids an account or organisation event names: the key's owner account, its maker and its organisation. */
  private readonly hashesByAccount = new Map<string, Set<string>>();
  /** Bumped on every eviction so a lookup that raced an event never caches a stale row. */
  private generation = 0;

  private readonly keys: ApiKeyRepository;

  constructor(
    dataSource: DataSource,
    private readonly plans: PlanCatalog,
  ) {
    this.keys = new ApiKeyRepository(dataSource);
  }

  findByHash(hash: string): ApiKeyPrincipal | null | Promise<ApiKeyPrincipal | null> {
    const now = Date.now();
    const entry = this.cache.get(hash);
    if (entry && now - entry.loadedAt < POSITIVE_TTL_MS) {
      this.hits++;
      return entry.principal;
    }
    if (this.unknown.has(hash, now)) return null;
    let pending = this.inflight.get(hash);
    if (!pending) {
      pending = this.load(hash).finally(() => this.inflight.delete(hash));
      this.inflight.set(hash, pending);
    }
    return pending;
  }

  evict(event: KeyEvent): void {
    this.generation++;
    if (event.type === 'all') {
      this.clear();
    } else if (event.type === 'key') {
      const hash = this.hashByKeyId.get(event.keyId);
      if (hash) this.cache.delete(hash);
      // Only a new key can make an unknown hash known.
      if (event.created) this.unknown.clear();
    } else {
      const id = event.type === 'account' ? event.accountId : event.organisationId;
      for (const hash of this.hashesByAccount.get(id) ?? []) this.cache.delete(hash);
    }
  }

  clear(): void {
    this.generation++;
    this.cache.clear();
    this.unknown.clear();
    this.hashByKeyId.clear();
    this.hashesByAccount.clear();
  }

  private async load(hash: string): Promise<ApiKeyPrincipal | null> {
    const generation = this.generation;
    this.lookups++;
    const row = await this.queryKey(hash);
    const principal = row ? this.toPrincipal(row) : null;
    if (generation === this.generation) this.remember(hash, principal);
    return principal;
  }

  /** The key lookup; a database that cannot answer is a 503 (retry later), never a 500 or a false "invalid key". */
  private async queryKey(hash: string): Promise<ApiKeyLookup | null> {
    try {
      return await this.keys.findByHash(hash);
    } catch (error) {
      this.logger.error(`key lookup failed: ${(error as Error).message}`);
      throw new ProblemException('ServiceUnavailable', { detail: 'The key store is unreachable; retry shortly.', headers: { 'retry-after': '5' } });
    }
  }

  /** The guards' view of a key row (also used for the key a CDS issuer is registered on). */
  toPrincipal(r: ApiKeyLookup): ApiKeyPrincipal {
    const plan = this.plans.get(effectivePlanId(r));
    return {
      keyId: r.id,
      accountId: r.accountId,
      organisationId: r.organisationId,
      ...(r.creatorAccountId !== r.accountId ? { creatorAccountId: r.creatorAccountId } : {}),
      hint: r.hint,
      status: r.status,
      expiresAt: effectiveExpiry(r),
      accountStatus: r.accountStatus,
      scopes: new Set(r.scopes),
      allowedIps: parseAllowlist(r.allowedIps),
      ...(r.policyAllowedIps.length ? { orgAllowedIps: parseAllowlist(r.policyAllowedIps) } : {}),
      ...withPolicyDenial(r),
      rateLimit: r.rateLimit && r.rateWindowSeconds ? { limit: r.rateLimit, windowSeconds: r.rateWindowSeconds } : plan.rateLimit,
      monthlyQuota: plan.monthlyQuota,
      projectId: r.projectId,
      ...(r.projectRateLimit && r.projectRateWindowSeconds ? { projectRateLimit: { limit: r.projectRateLimit, windowSeconds: r.projectRateWindowSeconds } } : {}),
      ...(r.projectMonthlyQuota !== null ? { projectMonthlyQuota: r.projectMonthlyQuota } : {}),
      ...(r.usageTag ? { usageTag: r.usageTag } : {}),
      ...(r.rotatedToKeyId ? { rotatedToKeyId: r.rotatedToKeyId } : {}),
    };
  }

  private remember(hash: string, principal: ApiKeyPrincipal | null): void {
    if (!principal) {
      this.unknown.add(hash, Date.now());
      return;
    }
    if (this.cache.size >= MAX_ENTRIES) {
      this.logger.warn('key cache full; clearing');
      this.cache.clear();
      this.hashByKeyId.clear();
      this.hashesByAccount.clear();
    }
    this.cache.set(hash, { principal, loadedAt: Date.now() });
    this.hashByKeyId.set(principal.keyId, hash);
    for (const id of [principal.accountId, principal.creatorAccountId, principal.organisationId]) {
      if (!id) continue;
      let set = this.hashesByAccount.get(id);
      if (!set) this.hashesByAccount.set(id, (set = new Set()));
      set.add(hash);
    }
  }
}
