import { z } from 'zod';
import { ORGANISATION_ROLES } from './organisation.request';

export const OrganisationRoleSchema = z.enum(ORGANISATION_ROLES);

/** An organisation's key policy as stored, with how many of its active keys do not comply (refused on every call). */
export const OrgPolicyResponseSchema = z
  .object({
    maxKeyLifetimeSeconds: z.int().nullable(),
    requireIpAllowlist: z.boolean(),
    allowedScopes: z.array(z.string()).nullable(),
    allowedIps: z.array(z.string()),
    nonCompliantKeys: z.int().describe('Active keys the policy refuses on every call until they are replaced or changed'),
  })
  .meta({ id: 'OrgPolicy' });
export type OrgPolicyResponse = z.infer<typeof OrgPolicyResponseSchema>;

/** An organisation as one of its members sees it. */
export const OrganisationResponseSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    role: OrganisationRoleSchema.describe('The signed-in member’s role'),
    actions: z
      .array(z.string())
      .describe('What that role may do here, as permission-matrix actions (for example `members.manage`, `webhooks.read`): clients show controls by these, never by role names'),
    memberCount: z.int(),
    owner: z.object({ accountId: z.string(), email: z.string() }),
    createdAt: z.string(),
  })
  .meta({ id: 'Organisation' });
export type OrganisationResponse = z.infer<typeof OrganisationResponseSchema>;

export const OrganisationListResponseSchema = z.object({ organisations: z.array(OrganisationResponseSchema) }).meta({ id: 'OrganisationList' });
export type OrganisationListResponse = z.infer<typeof OrganisationListResponseSchema>;

export const OrganisationMemberResponseSchema = z
  .object({ accountId: z.string(), email: z.string(), role: OrganisationRoleSchema, joinedAt: z.string() })
  .meta({ id: 'OrganisationMember' });
export type OrganisationMemberResponse = z.infer<typeof OrganisationMemberResponseSchema>;

export const OrganisationMemberListResponseSchema = z.object({ members: z.array(OrganisationMemberResponseSchema) }).meta({ id: 'OrganisationMemberList' });
export type OrganisationMemberListResponse = z.infer<typeof OrganisationMemberListResponseSchema>;

/** The removal of a member: their personal keys were revoked in the same transaction. */
export const MemberRemovedResponseSchema = z.object({ accountId: z.string(), revokedKeyIds: z.array(z.string()) }).meta({ id: 'MemberRemoved' });
export type MemberRemovedResponse = z.infer<typeof MemberRemovedResponseSchema>;

/** `DELETE /api/orgs/:orgId`: what the deletion did. */
export const OrganisationDeletedResponseSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    deletedAt: z.string(),
    revokedKeyIds: z.array(z.string()).describe('Keys (personal and service) revoked by the deletion'),
    withdrawnInvitationIds: z.array(z.string()).describe('Pending invitations withdrawn by the deletion'),
  })
  .meta({ id: 'OrganisationDeleted' });
export type OrganisationDeletedResponse = z.infer<typeof OrganisationDeletedResponseSchema>;

/** An invitation (never its token). */
export const InvitationResponseSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role: OrganisationRoleSchema,
    status: z.enum(['pending', 'accepted', 'revoked', 'expired']),
    invitedBy: z.string().nullable().describe('Email of the member who sent it'),
    expiresAt: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'Invitation' });
export type InvitationResponse = z.infer<typeof InvitationResponseSchema>;

export const InvitationListResponseSchema = z.object({ invitations: z.array(InvitationResponseSchema) }).meta({ id: 'InvitationList' });
export type InvitationListResponse = z.infer<typeof InvitationListResponseSchema>;

/** `POST /api/invitations/lookup`: what an invitation link offers, before it is accepted. */
export const InvitationPreviewResponseSchema = z
  .object({ organisationName: z.string(), email: z.string(), role: OrganisationRoleSchema, expiresAt: z.string() })
  .meta({ id: 'InvitationPreview' });
export type InvitationPreviewResponse = z.infer<typeof InvitationPreviewResponseSchema>;
