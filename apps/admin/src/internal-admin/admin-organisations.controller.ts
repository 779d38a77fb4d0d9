import { Controller, Delete, Get, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import { OrgPolicyRequestSchema, TransferOwnershipRequestSchema, type OrgPolicyRequest, type TransferOwnershipRequest } from '@vigil/contracts';
import { ValidBody } from '@vigil/platform';
import type { FastifyRequest } from 'fastify';
import { actorFrom } from '../common/actor-from-request';
import { OrganisationsService } from '../organisations/organisations.service';
import { Roles } from '../sessions/roles.decorator';
import type { SessionRequest } from '../sessions/session-request';

/**
 * The operator's view of organisations (`/api/admin/orgs`): list all, see members, remove a member (their personal keys
 * revoked), transfer ownership and set the key policy, each audited as the admin.
 */
@Roles('admin')
@Controller('api/admin/orgs')
export class AdminOrganisationsController {
  constructor(private readonly organisations: OrganisationsService) {}

  @Get()
  async list() {
    return { organisations: await this.organisations.listAll() };
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
