import { Controller, Delete, Get, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import {
  ListOrganisationsQuerySchema,
  OrgAuditQuerySchema,
  OrgPolicyRequestSchema,
  TransferOwnershipRequestSchema,
  type ListOrganisationsQuery,
  type OrgAuditQuery,
  type OrgPolicyRequest,
  type TransferOwnershipRequest,
} from '@vigil/contracts';
import { ValidBody, ValidQuery } from '@vigil/platform';
import type { FastifyRequest } from 'fastify';
import { actorFrom } from '../common/actor-from-request';
import { OrganisationActivityService } from '../organisations/organisation-activity.service';
import { OrganisationProjectsService } from '../organisations/organisation-projects.service';
import { OrganisationsService } from '../organisations/organisations.service';
import { Roles } from '../sessions/roles.decorator';
import type { SessionRequest } from '../sessions/session-request';
import { AdminOrganisationsService } from './admin-organisations.service';

/**
 * The operator's view of organisations (`/api/admin/orgs`): list and search all, read one (size and plan, members,
 * projects with caps, key policy, audit events), remove a member (their personal keys revoked), transfer ownership and
 * set the key policy, each change audited as the admin.
 */
@Roles('admin')
@Controller('api/admin/orgs')
export class AdminOrganisationsController {
  constructor(
    private readonly organisations: OrganisationsService,
    private readonly adminOrganisations: AdminOrganisationsService,
    private readonly projects: OrganisationProjectsService,
    private readonly activity: OrganisationActivityService,
  ) {}

  @Get()
  list(@ValidQuery(ListOrganisationsQuerySchema) query: ListOrganisationsQuery) {
    return this.adminOrganisations.list(query.q, query.limit, query.offset);
  }

  @Get(':orgId')
  get(@Param('orgId') orgId: string) {
    return this.adminOrganisations.get(orgId);
  }

  @Get(':orgId/projects')
  async projectList(@Param('orgId') orgId: string, @Req() req: FastifyRequest & SessionRequest) {
    return { projects: await this.projects.list(orgId, actorFrom(req)) };
  }

  @Get(':orgId/policy')
  policy(@Param('orgId') orgId: string, @Req() req: FastifyRequest & SessionRequest) {
    return this.organisations.policy(orgId, actorFrom(req));
  }

  @Get(':orgId/audit')
  audit(@Param('orgId') orgId: string, @ValidQuery(OrgAuditQuerySchema) q: OrgAuditQuery, @Req() req: FastifyRequest & SessionRequest) {
    return this.activity.audit(orgId, q, actorFrom(req));
  }

  @Get(':orgId/members')
  async members(@Param('orgId') orgId: string, @Req() req: FastifyRequest & SessionRequest) {
    return { members: await this.organisations.members(orgId, actorFrom(req)) };
  }

  @Delete(':orgId/members/:accountId')
  remove(@Param('orgId') orgId: string, @Param('accountId') accountId: string, @Req() req: FastifyRequest & SessionRequest) {
    return this.organisations.removeMember(orgId, accountId, actorFrom(req));
  }

  @Post(':orgId/transfer-ownership')
  @HttpCode(200)
  transfer(@Param('orgId') orgId: string, @ValidBody(TransferOwnershipRequestSchema) body: TransferOwnershipRequest, @Req() req: FastifyRequest & SessionRequest) {
    return this.organisations.transferOwnership(orgId, body.accountId, actorFrom(req));
  }

  @Put(':orgId/policy')
  setPolicy(@Param('orgId') orgId: string, @ValidBody(OrgPolicyRequestSchema) body: OrgPolicyRequest, @Req() req: FastifyRequest & SessionRequest) {
    return this.organisations.setPolicy(orgId, body, actorFrom(req));
  }
}
