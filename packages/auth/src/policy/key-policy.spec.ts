import { CidrRange } from '../network/cidr-range';
import type { ApiKeyPrincipal } from './api-key-principal';
import { fixedWindowDecide } from './fixed-window';
import { ipAllowed, missingScopes, statusDenial } from './key-policy';

const base: ApiKeyPrincipal = {
  keyId: 'k',
  accountId: 'a',
  hint: 'h',
  status: 'active',
  expiresAt: null,
  accountStatus: 'active',
  scopes: new Set(['interactions:check']),
  allowedIps: [],
  rateLimit: { limit: 10, windowSeconds: 60 },
  monthlyQuota: 1000,
};

describe('statusDenial', () => {
  it.each([
    ['active', {}, 1000, null],
    ['revoked', { status: 'revoked' }, 1000, 'ApiKeyRevoked'],
    ['stored expired', { status: 'expired' }, 1000, 'ApiKeyExpired'],
    ['expires in the future', { expiresAt: 1001 }, 1000, null],
    ['expires exactly now', { expiresAt: 1000 }, 1000, 'ApiKeyExpired'],
    ['expired by time', { expiresAt: 999 }, 1000, 'ApiKeyExpired'],
    ['account suspended', { accountStatus: 'suspended' }, 1000, 'AccountSuspended'],
    ['revoked wins over suspended', { status: 'revoked', accountStatus: 'suspended' }, 1000, 'ApiKeyRevoked'],
    ['organisation policy broken', { orgPolicyDenial: { key: 'OrgPolicyMaxLifetime', detail: 'd' } }, 1000, 'OrgPolicyMaxLifetime'],
    ['expired wins over policy', { expiresAt: 999, orgPolicyDenial: { key: 'OrgPolicyScopeNotAllowed', detail: 'd' } }, 1000, 'ApiKeyExpired'],
  ])('%s', (_n, patch, now, expected) => {
    expect(statusDenial({ ...base, ...(patch as Partial<ApiKeyPrincipal>) }, now)).toBe(expected);
  });
});

describe('ipAllowed', () => {
  it.each([
    [[], '1.2.3.4', true],
    [['10.0.0.0/8'], '10.1.1.1', true],
    [['10.0.0.0/8'], '11.1.1.1', false],
    [['10.0.0.0/8', '2001:db8::/32'], '2001:db8::5', true],
    [['10.0.0.0/8'], '::ffff:10.0.0.1', true],
  ])('%j admits %s → %s', (ranges, ip, expected) => {
    expect(ipAllowed({ ...base, allowedIps: ranges.map((r) => CidrRange.parse(r)!) }, ip)).toBe(expected);
  });

  // The organisation-wide allowlist is inherited: an address must pass the key's list and the organisation's.
  it.each([
    [[], [], '1.2.3.4', true],
    [[], ['10.0.0.0/8'], '10.1.1.1', true],
    [[], ['10.0.0.0/8'], '11.1.1.1', false],
    [['10.1.0.0/16'], ['10.0.0.0/8'], '10.1.2.3', true],
    [['10.1.0.0/16'], ['10.0.0.0/8'], '10.2.2.3', false],
    [['192.0.2.0/24'], ['10.0.0.0/8'], '192.0.2.1', false],
  ])('key %j, organisation %j admits %s → %s', (own, org, ip, expected) => {
    const parse = (rs: string[]) => rs.map((r) => CidrRange.parse(r)!);
    expect(ipAllowed({ ...base, allowedIps: parse(own), orgAllowedIps: parse(org) }, ip)).toBe(expected);
  });
});

describe('missingScopes', () => {
  it.each([
    [['interactions:check'], ['interactions:check'], []],
    [['drugs:read'], ['interactions:check'], ['drugs:read']],
    [[], [], []],
    [['kb:read', 'drugs:read'], ['kb:read'], ['drugs:read']],
  ])('required %j granted %j → missing %j', (required, granted, missing) => {
    expect(missingScopes(required, new Set(granted))).toEqual(missing);
  });
});

describe('fixedWindowDecide', () => {
  it.each([
    ['first call', 0, 0, 1000, 3, 1000, { allowed: true, used: 1, resetMs: 1000 }],
    ['within limit', 2, 1000, 1500, 3, 1000, { allowed: true, used: 3, resetMs: 500 }],
    ['at limit: denied and not counted', 3, 1000, 1999, 3, 1000, { allowed: false, used: 3, resetMs: 1, count: 3 }],
    ['next window resets', 3, 1000, 2000, 3, 1000, { allowed: true, used: 1, resetMs: 1000 }],
  ])('%s', (_n, count, start, now, limit, windowMs, expected) => {
    expect(fixedWindowDecide(count, start, now, limit, windowMs)).toMatchObject(expected);
  });
});
