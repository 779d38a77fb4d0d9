import type { CidrRange } from '../network/cidr-range';
import type { ApiKeyPrincipal } from '../policy/api-key-principal';

/** Looks a key up by its SHA-256; returns synchronously on a cache hit. */
export interface ApiKeyPrincipalSource {
  findByHash(hash: string): ApiKeyPrincipal | null | Promise<ApiKeyPrincipal | null>;
}

/**
 * Verifies a CDS Hooks JWT (`Authorization: Bearer`) against the issuers registered on API keys and returns the key it
 * stands for; throws a problem (`cds_jwt_invalid`, `cds_jwt_replayed`, `cds_issuer_unknown`) otherwise.
 */
export interface CdsJwtPrincipalSource {
  authenticate(token: string, request: { url?: string; headers: Record<string, string | string[] | undefined> }): Promise<ApiKeyPrincipal>;
}

export type UsageOutcome = 'allowed' | 'rate_limited' | 'denied';

/** Counts requests per key, day and outcome (batched by the implementation). */
export interface UsageRecorder {
  /** Counts `units` calls (default 1; a batch counts one per list), also under the request's usage tag when given. */
  record(keyId: string, outcome: UsageOutcome, units?: number, tag?: string): void;
}

/**
 * Month-to-date calls per account, shared by every instance (the implementation decides how). `used` answers
 * synchronously when the account's count is at hand; `admitted` counts a call the rate limit let through.
 */
export interface AccountQuota {
  used(accountId: string, now: number): number | Promise<number>;
  /** Counts `units` admitted calls (default 1). */
  admitted(accountId: string, units?: number): void;
}

export interface KeyPolicyOptions {
  keyPrefix: string;
  trustedProxies: readonly CidrRange[];
}

export const API_KEY_PRINCIPALS = Symbol('API_KEY_PRINCIPALS');
export const USAGE_RECORDER = Symbol('USAGE_RECORDER');
export const KEY_POLICY_OPTIONS = Symbol('KEY_POLICY_OPTIONS');
export const ACCOUNT_QUOTA = Symbol('ACCOUNT_QUOTA');
/** The same counter per project, for projects with their own monthly quota (an {@link AccountQuota} keyed by project id). */
export const PROJECT_QUOTA = Symbol('PROJECT_QUOTA');
export const CDS_JWT_PRINCIPALS = Symbol('CDS_JWT_PRINCIPALS');
