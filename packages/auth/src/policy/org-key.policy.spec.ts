import { NO_ORG_POLICY, type OrgKeyPolicy, type OrgPolicyKeyFacts, describeSeconds, orgPolicyViolations } from './org-key.policy';

const DAY = 86_400;
const key: OrgPolicyKeyFacts = { createdAt: 0, expiresAt: 30 * DAY * 1000, allowedIps: ['10.0.0.0/8'], scopes: ['interactions:check'] };

describe('orgPolicyViolations', () => {
  it.each<[string, Partial<OrgKeyPolicy>, Partial<OrgPolicyKeyFacts>, string[]]>([
    ['no policy, any key', {}, { expiresAt: null, allowedIps: [], scopes: ['a', 'b'] }, []],
    ['lifetime: within', { maxKeyLifetimeSeconds: 30 * DAY }, {}, []],
    ['lifetime: exactly the maximum', { maxKeyLifetimeSeconds: 30 * DAY }, { expiresAt: 30 * DAY * 1000 }, []],
    ['lifetime: one second over', { maxKeyLifetimeSeconds: 30 * DAY }, { expiresAt: (30 * DAY + 1) * 1000 }, ['OrgPolicyMaxLifetime']],
    ['lifetime: no expiry', { maxKeyLifetimeSeconds: 30 * DAY }, { expiresAt: null }, ['OrgPolicyMaxLifetime']],
    ['lifetime measured from creation', { maxKeyLifetimeSeconds: DAY }, { createdAt: 10_000, expiresAt: 10_000 + DAY * 1000 }, []],
    ['allowlist required: present', { requireIpAllowlist: true }, {}, []],
    ['allowlist required: missing', { requireIpAllowlist: true }, { allowedIps: [] }, ['OrgPolicyIpAllowlistRequired']],
    ['scopes: all allowed', { allowedScopes: ['interactions:check', 'drugs:read'] }, {}, []],
    ['scopes: one not allowed', { allowedScopes: ['drugs:read'] }, {}, ['OrgPolicyScopeNotAllowed']],
    ['scopes: empty list allows none', { allowedScopes: [] }, {}, ['OrgPolicyScopeNotAllowed']],
    ['scopes: a key with no scopes passes', { allowedScopes: [] }, { scopes: [] }, []],
    [
      'all three, in a fixed order',
      { maxKeyLifetimeSeconds: DAY, requireIpAllowlist: true, allowedScopes: [] },
      { expiresAt: null, allowedIps: [] },
      ['OrgPolicyMaxLifetime', 'OrgPolicyIpAllowlistRequired', 'OrgPolicyScopeNotAllowed'],
    ],
  ])('%s', (_name, policy, patch, expected) => {
    expect(orgPolicyViolations({ ...key, ...patch }, { ...NO_ORG_POLICY, ...policy }).map((v) => v.key)).toEqual(expected);
  });

  it('names the refused scopes and points at the field', () => {
    const [v] = orgPolicyViolations({ ...key, scopes: ['a', 'b', 'c'] }, { ...NO_ORG_POLICY, allowedScopes: ['b'] });
    expect(v).toEqual({ key: 'OrgPolicyScopeNotAllowed', pointer: '/scopes', message: 'the organisation does not allow the scopes a, c' });
  });

  it.each([
    [86_400, '1 day'],
    [7 * 86_400, '7 days'],
    [3_600, '1 hour'],
    [90, '90 seconds'],
  ])('describeSeconds(%i) = %s', (s, text) => expect(describeSeconds(s)).toBe(text));
});
