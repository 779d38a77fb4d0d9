import { ORG_ACTIONS, ORG_PERMISSIONS, ORG_ROLES, type OrgAction, type OrgRole, mayManageMember, orgMay } from './org-permission.policy';

/** The expected matrix, written out row by row (O = owner, A = admin, D = developer, V = viewer). */
const EXPECTED: Record<OrgAction, string> = {
  'org.read': 'OADV',
  'org.rename': 'OA',
  'org.transfer_ownership': 'O',
  'org.delete': 'O',
  'policy.read': 'OADV',
  'policy.set': 'OA',
  'members.read': 'OADV',
  'members.manage': 'OA',
  'invitations.manage': 'OA',
  'projects.read': 'OADV',
  'projects.manage': 'OA',
  'keys.read': 'OADV',
  'keys.create': 'OAD',
  'keys.manage_own': 'OAD',
  'keys.manage_any': 'OA',
  'service_keys.manage': 'OAD',
  'usage.read': 'OADV',
  'audit.read': 'OADV',
  'audit.verify': 'OA',
  'webhooks.read': 'OAD',
  'webhooks.manage': 'OA',
};
const LETTER: Record<OrgRole, string> = { owner: 'O', admin: 'A', developer: 'D', viewer: 'V' };

describe('organisation permission matrix', () => {
  it('covers every action, and nothing else', () => {
    expect(Object.keys(ORG_PERMISSIONS).sort()).toEqual([...ORG_ACTIONS].sort());
    expect(Object.keys(EXPECTED).sort()).toEqual([...ORG_ACTIONS].sort());
  });

  const cases = ORG_ACTIONS.flatMap((action) => ORG_ROLES.map((role) => [role, action, EXPECTED[action].includes(LETTER[role])] as const));
  it.each(cases)('%s may %s: %s', (role, action, allowed) => {
    expect(orgMay(role, action)).toBe(allowed);
  });

  it('an owner may do everything; a viewer only reads', () => {
    expect(ORG_ACTIONS.every((a) => orgMay('owner', a))).toBe(true);
    expect(ORG_ACTIONS.filter((a) => orgMay('viewer', a)).every((a) => /\.read$/.test(a))).toBe(true);
  });
});

describe('mayManageMember', () => {
  it.each([
    // actor, self, target, newRole, allowed
    ['owner', false, 'admin', undefined, true],
    ['owner', false, 'viewer', 'developer', true],
    ['owner', false, 'developer', 'owner', false],
    ['owner', true, 'owner', undefined, false],
    ['admin', false, 'owner', undefined, false],
    ['admin', false, 'admin', 'viewer', true],
    ['admin', false, 'developer', undefined, true],
    ['admin', false, 'viewer', 'owner', false],
    ['admin', true, 'admin', 'viewer', false],
    ['developer', false, 'viewer', undefined, false],
    ['viewer', false, 'viewer', 'developer', false],
  ] as const)('%s (self %s) changing a %s to %s: %s', (role, self, target, newRole, allowed) => {
    expect(mayManageMember({ role, self }, target, newRole)).toBe(allowed);
  });
});
