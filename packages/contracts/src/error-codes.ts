/**
 * Stable machine-readable error codes returned in every problem+json body (RFC 9457).
 * The README documents this table; never rename a code.
 */
export const ErrorCodes = {
  InvalidJson: { code: 'invalid_json', status: 400, title: 'Request body is not valid JSON' },
  ConfirmationMismatch: { code: 'confirmation_mismatch', status: 400, title: 'Confirmation does not match' },
  LinkInvalid: { code: 'link_invalid', status: 400, title: 'Link invalid, expired or already used' },
  MalformedRequest: { code: 'malformed_request', status: 400, title: 'Malformed HTTP request' },
  ValidationFailed: { code: 'validation_failed', status: 400, title: 'Request validation failed' },
  ApiKeyMissing: { code: 'api_key_missing', status: 401, title: 'API key missing' },
  ApiKeyMalformed: { code: 'api_key_malformed', status: 401, title: 'API key malformed' },
  ApiKeyInvalid: { code: 'api_key_invalid', status: 401, title: 'API key invalid' },
  ApiKeyRevoked: { code: 'api_key_revoked', status: 401, title: 'API key revoked' },
  ApiKeyExpired: { code: 'api_key_expired', status: 401, title: 'API key expired' },
  CdsJwtInvalid: { code: 'cds_jwt_invalid', status: 401, title: 'CDS Hooks JWT refused' },
  CdsJwtReplayed: { code: 'cds_jwt_replayed', status: 401, title: 'CDS Hooks JWT already used' },
  CdsIssuerUnknown: { code: 'cds_issuer_unknown', status: 401, title: 'CDS client issuer not registered' },
  Unauthenticated: { code: 'unauthenticated', status: 401, title: 'Authentication required' },
  InvalidCredentials: { code: 'invalid_credentials', status: 401, title: 'Invalid email or password' },
  IpNotAllowed: { code: 'ip_not_allowed', status: 403, title: 'Client IP not allowed for this key' },
  InsufficientScope: { code: 'insufficient_scope', status: 403, title: 'API key lacks a required scope' },
  AccountSuspended: { code: 'account_suspended', status: 403, title: 'Account suspended' },
  EmailUnverified: { code: 'email_unverified', status: 403, title: 'Email address not verified' },
  Forbidden: { code: 'forbidden', status: 403, title: 'Forbidden' },
  RateLimitAbovePlan: { code: 'rate_limit_above_plan', status: 403, title: 'Rate limit above the plan' },
  OrgPolicyMaxLifetime: { code: 'org_policy_max_lifetime', status: 403, title: "Key lifetime exceeds the organisation's maximum" },
  OrgPolicyIpAllowlistRequired: { code: 'org_policy_ip_allowlist_required', status: 403, title: 'The organisation requires an IP allowlist on every key' },
  OrgPolicyScopeNotAllowed: { code: 'org_policy_scope_not_allowed', status: 403, title: 'Scope not allowed by the organisation' },
  ProjectCapAbovePlan: { code: 'project_cap_above_plan', status: 403, title: "Project cap above the owner's plan" },
  OrgPermissionDenied: { code: 'org_permission_denied', status: 403, title: 'Your role in the organisation does not allow this' },
  InvitationEmailMismatch: { code: 'invitation_email_mismatch', status: 403, title: 'Invitation addressed to another email' },
  CsrfFailed: { code: 'csrf_failed', status: 403, title: 'CSRF token missing or invalid' },
  NotFound: { code: 'not_found', status: 404, title: 'Not found' },
  RequestTimeout: { code: 'request_timeout', status: 408, title: 'Request not received in time' },
  MethodNotAllowed: { code: 'method_not_allowed', status: 405, title: 'Method not allowed' },
  Conflict: { code: 'conflict', status: 409, title: 'Conflict' },
  KeyAlreadyRotating: { code: 'key_already_rotating', status: 409, title: 'Key already rolled' },
  AlreadyMember: { code: 'already_member', status: 409, title: 'Already a member of the organisation' },
  OrgOwnerCannotLeave: { code: 'org_owner_cannot_leave', status: 409, title: 'The owner cannot leave the organisation' },
  KeyNotActive: { code: 'key_not_active', status: 409, title: 'Key not active' },
  PrefetchMissing: { code: 'prefetch_missing', status: 412, title: 'Required prefetch data missing' },
  PayloadTooLarge: { code: 'payload_too_large', status: 413, title: 'Payload too large' },
  UriTooLong: { code: 'uri_too_long', status: 414, title: 'URI too long' },
  UnsupportedMediaType: { code: 'unsupported_media_type', status: 415, title: 'Unsupported media type' },
  RateLimited: { code: 'rate_limited', status: 429, title: 'Rate limit exceeded' },
  QuotaExceeded: { code: 'quota_exceeded', status: 429, title: 'Monthly quota exhausted' },
  InvitationResendTooSoon: { code: 'invitation_resend_too_soon', status: 429, title: 'Invitation resent less than a minute ago' },
  HeadersTooLarge: { code: 'headers_too_large', status: 431, title: 'Request header fields too large' },
  InternalError: { code: 'internal_error', status: 500, title: 'Internal server error' },
  ServiceUnavailable: { code: 'service_unavailable', status: 503, title: 'Service unavailable' },
} as const;

export type ErrorCodeKey = keyof typeof ErrorCodes;
export type ErrorCode = (typeof ErrorCodes)[ErrorCodeKey]['code'];

/** Base URI of the `type` member of problem documents. */
export const PROBLEM_TYPE_BASE = 'https://vigil.dev/problems/';

export function problemType(code: string): string {
  return `${PROBLEM_TYPE_BASE}${code.replace(/_/g, '-')}`;
}
