import type { CidrRange } from '../network/cidr-range';
import type { ApiKeyPrincipal } from '../policy/api-key-principal';

/** Looks a key up by its SHA-256; returns synchronously on a cache hit. */
export interface ApiKeyPrincipalSource {
  findByHash(hash: string): ApiKeyPrincipal | null | Promise<ApiKeyPrincipal | null>;
}

export type UsageOutcome = 'allowed' | 'rate_limited' | 'denied';

/** Counts requests per key, day and outcome (batched by the implementation). */
export interface UsageRecorder {
  record(keyId: string, outcome: UsageOutcome): void;
}

export interface KeyPolicyOptions {
  keyPrefix: string;
  trustedProxies: readonly CidrRange[];
}

export const API_KEY_PRINCIPALS = Symbol('API_KEY_PRINCIPALS');
export const USAGE_RECORDER = Symbol('USAGE_RECORDER');
export const KEY_POLICY_OPTIONS = Symbol('KEY_POLICY_OPTIONS');
