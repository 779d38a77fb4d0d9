import { auditChainFor } from './audit-chain-route.policy';

describe('auditChainFor', () => {
  const org = '0b9c7c2e-5d1a-4f7e-9a43-2f6d8e1c4b7a';

  it.each<[string, Parameters<typeof auditChainFor>[0], string]>([
    ['a platform event (no organisation)', {}, 'deployment'],
    ['an explicit null organisation', { organisationId: null }, 'deployment'],
    ['an organisation event', { organisationId: org }, `org:${org}`],
    ['an organisation id in upper case (one chain per organisation)', { organisationId: org.toUpperCase() }, `org:${org}`],
  ])('%s → %s', (_what, input, chain) => {
    expect(auditChainFor(input)).toBe(chain);
  });

  it.each(['', 'acme', `${org}x`, 'org:' + org])('refuses a malformed organisation id %j rather than writing elsewhere', (id) => {
    expect(() => auditChainFor({ organisationId: id })).toThrow(/not a uuid/);
  });
});
