import { Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Res } from '@nestjs/common';
import {
  ChangeMemberRoleRequestSchema,
  CreateOrgKeyRequestSchema,
  DeleteOrganisationRequestSchema,
  type DeleteOrganisationRequest,
  OrgAuditQuerySchema,
  OrgUsageQuerySchema,
  ProjectRequestSchema,
  UpdateProjectRequestSchema,
  type CreateOrgKeyRequest,
  type OrgAuditQuery,
  type OrgUsageQuery,
  type ProjectRequest,
  type UpdateProjectRequest,
  InviteMemberRequestSchema,
  OrgPolicyRequestSchema,
  OrganisationRequestSchema,
  RollApiKeyRequestSchema,
  TransferOwnershipRequestSchema,
  type ChangeMemberRoleRequest,
  type InviteMemberRequest,
  type OrgPolicyRequest,
  type OrganisationRequest,
  type RollApiKeyRequest,
  type TransferOwnershipRequest,
} from '@vigil/contracts';
import type { AccountEntity } from '@vigil/db';
import { ValidBody, ValidQuery } from '@vigil/platform';
import type { FastifyReply } from 'fastify';
import type { Actor } from '../common/actor';
import { CurrentAccount, CurrentActor } from '../sessions/current-session.decorator';
import { OrganisationInvitationsService } from './organisation-invitations.service';
import { OrganisationActivityService } from './organisation-activity.service';
import { OrganisationKeysService } from './organisation-keys.service';
import { OrganisationProjectsService } from './organisation-projects.service';
import { OrganisationsService } from './organisations.service';

/** `/api/orgs`: the signed-in account's organisations. Not a member = 404; a role without the action = 403 `org_permission_denied`. */
@Controller('api/orgs')
export class OrganisationsController {
  constructor(
    private readonly organisations: OrganisationsService,
    private readonly invitations: OrganisationInvitationsService,
    private readonly keys: OrganisationKeysService,
    private readonly projects: OrganisationProjectsService,
    private readonly activity: OrganisationActivityService,
  ) {}

  @Get()
  async list(@CurrentAccount() account: AccountEntity) {
    return { organisations: await this.organisations.listFor(account.id) };
  }

  @Post()
  create(@ValidBody(OrganisationRequestSchema) body: OrganisationRequest, @CurrentAccount() account: AccountEntity, @CurrentActor() actor: Actor) {
    return this.organisations.create(account.id, body.name, actor);
  }

  @Get(':orgId')
  get(@Param('orgId') orgId: string, @CurrentActor() actor: Actor) {
    return this.organisations.get(orgId, actor);
  }

  @Patch(':orgId')
  rename(@Param('orgId') orgId: string, @ValidBody(OrganisationRequestSchema) body: OrganisationRequest, @CurrentActor() actor: Actor) {
    return this.organisations.rename(orgId, body.name, actor);
  }

  /** Deletes the organisation (owner only; `confirm` = its name): its keys revoked, invitations withdrawn, then 404. */
  @Delete(':orgId')
  delete(@Param('orgId') orgId: string, @ValidBody(DeleteOrganisationRequestSchema) body: DeleteOrganisationRequest, @CurrentActor() actor: Actor) {
    return this.organisations.delete(orgId, body.confirm, actor);
  }

  @Get(':orgId/members')
  async members(@Param('orgId') orgId: string, @CurrentActor() actor: Actor) {
    return { members: await this.organisations.members(orgId, actor) };
  }

  @Patch(':orgId/members/:accountId')
  changeRole(
    @Param('orgId') orgId: string,
    @Param('accountId') accountId: string,
    @ValidBody(ChangeMemberRoleRequestSchema) body: ChangeMemberRoleRequest,
    @CurrentActor() actor: Actor,
  ) {
    return this.organisations.changeRole(orgId, accountId, body.role, actor);
  }

  /** Removes a member; their personal keys here are revoked in the same transaction. */
  @Delete(':orgId/members/:accountId')
  removeMember(@Param('orgId') orgId: string, @Param('accountId') accountId: string, @CurrentActor() actor: Actor) {
    return this.organisations.removeMember(orgId, accountId, actor);
  }

  @Post(':orgId/leave')
  @HttpCode(200)
  leave(@Param('orgId') orgId: string, @CurrentActor() actor: Actor) {
    return this.organisations.leave(orgId, actor);
  }

  @Post(':orgId/transfer-ownership')
  @HttpCode(200)
  transfer(@Param('orgId') orgId: string, @ValidBody(TransferOwnershipRequestSchema) body: TransferOwnershipRequest, @CurrentActor() actor: Actor) {
    return this.organisations.transferOwnership(orgId, body.accountId, actor);
  }

  @Get(':orgId/policy')
  policy(@Param('orgId') orgId: string, @CurrentActor() actor: Actor) {
    return this.organisations.policy(orgId, actor);
  }

  @Put(':orgId/policy')
  setPolicy(@Param('orgId') orgId: string, @ValidBody(OrgPolicyRequestSchema) body: OrgPolicyRequest, @CurrentActor() actor: Actor) {
    return this.organisations.setPolicy(orgId, body, actor);
  }

  @Get(':orgId/invitations')
  async invitationList(@Param('orgId') orgId: string, @CurrentActor() actor: Actor) {
    return { invitations: await this.invitations.list(orgId, actor) };
  }

  /** The link goes by email (or to the log without SMTP), never into this response. */
  @Post(':orgId/invitations')
  async invite(@Param('orgId') orgId: string, @ValidBody(InviteMemberRequestSchema) body: InviteMemberRequest, @CurrentActor() actor: Actor) {
    return (await this.invitations.invite(orgId, body, actor)).invitation;
  }

  @Post(':orgId/invitations/:invitationId/revoke')
  @HttpCode(200)
  revokeInvitation(@Param('orgId') orgId: string, @Param('invitationId') invitationId: string, @CurrentActor() actor: Actor) {
    return this.invitations.revoke(orgId, invitationId, actor);
  }

  /** A new link (the old one stops working) and expiry, emailed again; at most once a minute per invitation. */
  @Post(':orgId/invitations/:invitationId/resend')
  @HttpCode(200)
  async resendInvitation(@Param('orgId') orgId: string, @Param('invitationId') invitationId: string, @CurrentActor() actor: Actor) {
    return (await this.invitations.resend(orgId, invitationId, actor)).invitation;
  }

  @Get(':orgId/keys')
  async keyList(@Param('orgId') orgId: string, @CurrentActor() actor: Actor) {
    return { keys: await this.keys.list(orgId, actor) };
  }

  @Post(':orgId/keys')
  createKey(
    @Param('orgId') orgId: string,
    @ValidBody(CreateOrgKeyRequestSchema) body: CreateOrgKeyRequest,
    @CurrentActor() actor: Actor,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    reply.header('cache-control', 'no-store');
    return this.keys.create(orgId, body, actor);
  }

  @Post(':orgId/keys/:id/revoke')
  @HttpCode(200)
  revokeKey(@Param('orgId') orgId: string, @Param('id') id: string, @CurrentActor() actor: Actor) {
    return this.keys.revoke(orgId, id, actor);
  }

  @Post(':orgId/keys/:id/roll')
  rollKey(
    @Param('orgId') orgId: string,
    @Param('id') id: string,
    @ValidBody(RollApiKeyRequestSchema) body: RollApiKeyRequest,
    @CurrentActor() actor: Actor,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    reply.header('cache-control', 'no-store');
    return this.keys.roll(orgId, id, body, actor);
  }

  @Get(':orgId/projects')
  async projectList(@Param('orgId') orgId: string, @CurrentActor() actor: Actor) {
    return { projects: await this.projects.list(orgId, actor) };
  }

  @Post(':orgId/projects')
  createProject(@Param('orgId') orgId: string, @ValidBody(ProjectRequestSchema) body: ProjectRequest, @CurrentActor() actor: Actor) {
    return this.projects.create(orgId, body, actor);
  }

  @Patch(':orgId/projects/:projectId')
  updateProject(
    @Param('orgId') orgId: string,
    @Param('projectId') projectId: string,
    @ValidBody(UpdateProjectRequestSchema) body: UpdateProjectRequest,
    @CurrentActor() actor: Actor,
  ) {
    return this.projects.update(orgId, projectId, body, actor);
  }

  @Delete(':orgId/projects/:projectId')
  @HttpCode(204)
  async deleteProject(@Param('orgId') orgId: string, @Param('projectId') projectId: string, @CurrentActor() actor: Actor): Promise<void> {
    await this.projects.remove(orgId, projectId, actor);
  }

  /** Calls per day of the organisation's keys, and per project; `?projectId=` narrows to one project. */
  @Get(':orgId/usage')
  usage(@Param('orgId') orgId: string, @ValidQuery(OrgUsageQuerySchema) q: OrgUsageQuery, @CurrentActor() actor: Actor) {
    return this.activity.usage(orgId, q, actor);
  }

  /** The organisation's audit events; `?projectId=` narrows to one project's keys and the project itself. */
  @Get(':orgId/audit')
  audit(@Param('orgId') orgId: string, @ValidQuery(OrgAuditQuerySchema) q: OrgAuditQuery, @CurrentActor() actor: Actor) {
    return this.activity.audit(orgId, q, actor);
  }

  /** Owners and admins: the organisation's audit chain checked from its first event (`ok`, `events`, `head` or `problem`). */
  @Get(':orgId/audit/verify')
  verifyAudit(@Param('orgId') orgId: string, @CurrentActor() actor: Actor) {
    return this.activity.verifyAudit(orgId, actor);
  }
}
