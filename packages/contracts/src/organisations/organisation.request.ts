import { z } from 'zod';
import { ScopeSchema } from '../scopes';
import { allowedIpsSchema } from '../keys/allowed-ips.rule';
import { emailAddress, text, uniqueList } from '../validation/field-rules';

export const ORGANISATION_ROLES = ['owner', 'admin', 'developer', 'viewer'] as const;
/** Roles an invitation or a role change can give (ownership moves only by transfer). */
export const ASSIGNABLE_ROLES = ['admin', 'developer', 'viewer'] as const;
export const AssignableRoleSchema = z.enum(ASSIGNABLE_ROLES, { error: `must be one of ${ASSIGNABLE_ROLES.join(', ')}` });

/** Shortest and longest maximum key lifetime an organisation can set: 1 hour, 10 years. */
export const MIN_POLICY_KEY_LIFETIME_SECONDS = 3_600;
export const MAX_POLICY_KEY_LIFETIME_SECONDS = 315_360_000;

/** `POST /api/orgs` (the creator becomes its owner) and `PATCH /api/orgs/:orgId`. */
export const OrganisationRequestSchema = z.strictObject({ name: text(100, 'name') }).meta({ id: 'OrganisationRequest' });
export type OrganisationRequest = z.infer<typeof OrganisationRequestSchema>;

/** `DELETE /api/orgs/:orgId`: the organisation's exact name, typed again, so a slip of the finger deletes nothing. */
export const DeleteOrganisationRequestSchema = z
  .strictObject({
    confirm: z
      .string({ error: 'confirm must be the organisation name' })
      .max(100, { error: 'confirm must be at most 100 characters' })
      .describe("The organisation's name, exactly"),
  })
  .meta({ id: 'DeleteOrganisationRequest' });
export type DeleteOrganisationRequest = z.infer<typeof DeleteOrganisationRequestSchema>;

/** `POST /api/orgs/:orgId/invitations`. */
export const InviteMemberRequestSchema = z.strictObject({ email: emailAddress(), role: AssignableRoleSchema }).meta({ id: 'InviteMemberRequest' });
export type InviteMemberRequest = z.infer<typeof InviteMemberRequestSchema>;

/** `PATCH /api/orgs/:orgId/members/:accountId`. */
export const ChangeMemberRoleRequestSchema = z.strictObject({ role: AssignableRoleSchema }).meta({ id: 'ChangeMemberRoleRequest' });
export type ChangeMemberRoleRequest = z.infer<typeof ChangeMemberRoleRequestSchema>;

/** `POST /api/orgs/:orgId/transfer-ownership`: the new owner must be a member; the old owner becomes an admin. */
export const TransferOwnershipRequestSchema = z.strictObject({ accountId: z.uuid({ error: 'accountId must be a UUID' }) }).meta({ id: 'TransferOwnershipRequest' });
export type TransferOwnershipRequest = z.infer<typeof TransferOwnershipRequestSchema>;

/**
 * `PUT /api/orgs/:orgId/policy`: the whole key policy. `maxKeyLifetimeSeconds` null = no maximum; `allowedScopes` null =
 * any scope; `allowedIps` = the organisation-wide allowlist every key inherits (empty = none).
 */
export const OrgPolicyRequestSchema = z
  .strictObject({
    maxKeyLifetimeSeconds: z
      .int({ error: 'maxKeyLifetimeSeconds must be an integer' })
      .min(MIN_POLICY_KEY_LIFETIME_SECONDS, { error: `maxKeyLifetimeSeconds must be at least ${MIN_POLICY_KEY_LIFETIME_SECONDS} (1 hour)` })
      .max(MAX_POLICY_KEY_LIFETIME_SECONDS, { error: `maxKeyLifetimeSeconds must be at most ${MAX_POLICY_KEY_LIFETIME_SECONDS} (10 years)` })
      .nullable(),
    requireIpAllowlist: z.boolean({ error: 'requireIpAllowlist must be true or false' }),
    allowedScopes: uniqueList(ScopeSchema, 'allowedScopes').nullable(),
    allowedIps: allowedIpsSchema(),
  })
  .meta({ id: 'OrgPolicyRequest' });
export type OrgPolicyRequest = z.infer<typeof OrgPolicyRequestSchema>;
