import { Injectable } from '@nestjs/common';
import { type OrgAction, type OrgRole, orgMay } from '@vigil/auth';
import { OrganisationEntity, OrganisationMemberEntity } from '@vigil/db';
import { ProblemException } from '@vigil/platform';
import type { EntityManager } from 'typeorm';
import type { Actor } from '../common/actor';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a caller may do in one organisation: the organisation, their membership (none for the operator) and role. */
export interface OrganisationAccess {
  organisation: OrganisationEntity;
  member: OrganisationMemberEntity | null;
  role: OrgRole;
  /** The internal admin or the operator CLI: acts as an owner would, without being a member. */
  operator: boolean;
}

/**
 * The one place that asks "may this member do X here": every organisation route and service goes through
 * {@link require}, which reads the caller's membership and asks the permission matrix (`orgMay`). A caller who is not
 * a member gets 404 (an organisation's existence leaks nothing); a member whose role lacks the action gets 403
 * `org_permission_denied`, naming the action and the role.
 */
@Injectable()
export class OrganisationAccessService {
  async require(m: EntityManager, organisationId: string, actor: Actor, action: OrgAction, lockOrganisation = false): Promise<OrganisationAccess> {
    if (!UUID.test(organisationId)) throw notFound();
    const organisation = await m.findOne(OrganisationEntity, { where: { id: organisationId }, ...(lockOrganisation ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
    // A deleted organisation is gone for everyone, the operator included (its audit chain stays readable by chain name).
    if (!organisation || organisation.deletedAt) throw notFound();
    if (actor.type === 'admin' || actor.type === 'cli') return { organisation, member: null, role: 'owner', operator: true };
    const member = actor.accountId ? await m.findOne(OrganisationMemberEntity, { where: { organisationId, accountId: actor.accountId } }) : null;
    if (!member) throw notFound();
    if (!orgMay(member.role, action)) {
      throw new ProblemException('OrgPermissionDenied', { detail: `A ${member.role} of ${organisation.name} may not ${describeAction(action)}.` });
    }
    return { organisation, member, role: member.role, operator: false };
  }
}

function notFound(): ProblemException {
  return new ProblemException('NotFound', { detail: 'Organisation not found.' });
}

const ACTION_TEXT: Record<OrgAction, string> = {
  'org.read': 'see the organisation',
  'org.rename': 'rename the organisation',
  'org.transfer_ownership': 'transfer ownership',
  'org.delete': 'delete the organisation',
  'policy.read': 'see the key policy',
  'policy.set': 'change the key policy',
  'members.read': 'see the members',
  'members.manage': 'change or remove members',
  'invitations.manage': 'invite members',
  'projects.read': 'see the projects',
  'projects.manage': 'manage projects',
  'keys.read': 'see the keys',
  'keys.create': 'create keys',
  'keys.manage_own': 'change their own keys',
  'keys.manage_any': "change other members' keys",
  'service_keys.manage': 'manage service keys',
  'usage.read': 'see usage',
  'audit.read': 'see the audit log',
  'audit.verify': 'verify the audit chain',
  'webhooks.read': 'see the webhook endpoints',
  'webhooks.manage': 'manage the webhook endpoints',
};

function describeAction(action: OrgAction): string {
  return ACTION_TEXT[action];
}
