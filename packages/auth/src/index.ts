export { Public, IS_PUBLIC_KEY } from './decorators/public.decorator';
export { RequireScopes, REQUIRED_SCOPES_KEY } from './decorators/require-scopes.decorator';
export { AnyKey, ANY_KEY_KEY } from './decorators/any-key.decorator';
export { AcceptsCdsJwt, ACCEPTS_CDS_JWT_KEY } from './decorators/accepts-cds-jwt.decorator';
export { QuotaUnits, QUOTA_UNITS_KEY, quotaUnitsOf, type QuotaUnitsMetadata } from './decorators/quota-units.decorator';
export { generateApiKey, checkKeyFormat, checksumOf, hashApiKey, keyHint, SECRET_LENGTH, CHECKSUM_LENGTH, KEY_PREFIX_PATTERN, type KeyFormatResult } from './keys/api-key-format';
export { CidrRange } from './network/cidr-range';
export { normalizeIp, parseIp } from './network/ip-address';
export { clientIp } from './network/client-ip';
export { allowlistErrors, parseAllowlist, MAX_ALLOWED_IPS } from './network/ip-allowlist';
export type { ApiKeyPrincipal } from './policy/api-key-principal';
export { statusDenial, ipAllowed, missingScopes } from './policy/key-policy';
export {
  NO_ORG_POLICY,
  describeSeconds,
  orgPolicyViolations,
  type OrgKeyPolicy,
  type OrgPolicyKeyFacts,
  type OrgPolicyViolation,
  type OrgPolicyViolationKey,
} from './policy/org-key.policy';
export { ORG_ACTIONS, ORG_PERMISSIONS, ORG_ROLES, mayManageMember, orgActionsOf, orgMay, type OrgAction, type OrgRole } from './policy/org-permission.policy';
export { fixedWindowDecide, type WindowDecision } from './policy/fixed-window';
export { quotaDecide, quotaMonth, type QuotaDecision, type QuotaMonth } from './policy/monthly-quota';
export {
  API_KEY_PRINCIPALS,
  USAGE_RECORDER,
  KEY_POLICY_OPTIONS,
  ACCOUNT_QUOTA,
  PROJECT_QUOTA,
  CDS_JWT_PRINCIPALS,
  type CdsJwtPrincipalSource,
  type AccountQuota,
  type ApiKeyPrincipalSource,
  type UsageRecorder,
  type UsageOutcome,
  type KeyPolicyOptions,
} from './guards/key-policy.tokens';
export { keyState, type KeyRequestState } from './guards/key-request';
export { keyProblem } from './guards/key-problem';
export { ProblemException, type ProblemInit } from './errors/problem.exception';
export { MAX_TAGS_PER_KEY_DAY, usageTagOf } from './policy/usage-tag';
export { ApiKeyAuthGuard } from './guards/api-key-auth.guard';
export { ApiKeyStatusGuard } from './guards/api-key-status.guard';
export { IpAllowlistGuard } from './guards/ip-allowlist.guard';
export { ScopesGuard } from './guards/scopes.guard';
export { KeyRateLimitGuard, KEY_THROTTLER } from './guards/key-rate-limit.guard';
export { KeyPipelineGuard } from './guards/key-pipeline.guard';
export { WindowCounterStorage } from './rate-limit/window-counter.storage';
export { RedisWindowStorage } from './rate-limit/redis-window.storage';
