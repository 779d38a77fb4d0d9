/**
 * Who may do what in an organisation: the role × action matrix as data, asked in one place (`orgMay`) by the admin
 * app's services. Plain TypeScript, no framework; `org-permission.policy.spec.ts` checks every role × action.
 */
export const ORG_ROLES = ['owner', 'admin', 'developer', 'viewer'] as const;
export type OrgRole = (typeof ORG_ROLES)[number];

export const ORG_ACTIONS = [
  'org.read',
  'org.rename',
  'org.transfer_ownership',
  'org.delete',
  'policy.read',
  'policy.set',
  'members.read',
  'members.manage',
  'invitations.manage',
  'projects.read',
  'projects.manage',
  'keys.read',
  'keys.create',
  'keys.manage_own',
  'keys.manage_any',
  'service_keys.manage',
  'usage.read',
  'audit.read',
  'audit.verify',
  'webhooks.read',
  'webhooks.manage',
] as const;
export type OrgAction = (typeof ORG_ACTIONS)[number];

const ALL: readonly OrgRole[] = ORG_ROLES;
const OWNER_ADMIN: readonly OrgRole[] = ['owner', 'admin'];
const BUILDERS: readonly OrgRole[] = ['owner', 'admin', 'developer'];

/** The matrix: for each action, the roles that may take it. Documented in the README ("Organisations"). */
export const ORG_PERMISSIONS: Readonly<Record<OrgAction, readonly OrgRole[]>> = {
  'org.read': ALL,
  'org.rename': OWNER_ADMIN,
  'org.transfer_ownership': ['owner'],
  'org.delete': ['owner'],
  'policy.read': ALL,
  'policy.set': OWNER_ADMIN,
  'members.read': ALL,
  'members.manage': OWNER_ADMIN,
  'invitations.manage': OWNER_ADMIN,
  'projects.read': ALL,
  'projects.manage': OWNER_ADMIN,
  'keys.read': ALL,
  'keys.create': BUILDERS,
  'keys.manage_own': BUILDERS,
  'keys.manage_any': OWNER_ADMIN,
  'service_keys.manage': BUILDERS,
  'usage.read': ALL,
  'audit.read': ALL,
  'audit.verify': OWNER_ADMIN,
  // Developers build the integrations that receive webhooks, so they see the endpoints and delivery log (never a secret,
  // and a URL without its query, which may hold the receiver's token); viewers do not. Only owners and admins change them.
  'webhooks.read': BUILDERS,
  'webhooks.manage': OWNER_ADMIN,
};

export function orgMay(role: OrgRole, action: OrgAction): boolean {
  return ORG_PERMISSIONS[action].includes(role);
}

/** Every action `role` may take, in matrix order: what a member's view of the organisation lists as `actions`. */
export function orgActionsOf(role: OrgRole): OrgAction[] {
  return ORG_ACTIONS.filter((action) => orgMay(role, action));
}

/**
 * Whether `actor` may change the member `target` (remove them, or give them `newRole`). Nobody changes an owner or
 * makes one here (ownership moves only by transfer); an admin manages admins, developers and viewers; nobody changes
 * their own role this way (leaving is its own action).
 */
export function mayManageMember(actor: { role: OrgRole; self: boolean }, target: OrgRole, newRole?: OrgRole): boolean {
  if (!orgMay(actor.role, 'members.manage') || actor.self) return false;
  if (target === 'owner' || newRole === 'owner') return false;
  return true;
}
