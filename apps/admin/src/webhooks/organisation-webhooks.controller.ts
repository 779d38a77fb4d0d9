import { Controller, Delete, Get, HttpCode, Param, Patch, Post, Res } from '@nestjs/common';
import {
  CreateWebhookEndpointRequestSchema,
  UpdateWebhookEndpointRequestSchema,
  WebhookDeliveriesQuerySchema,
  type CreateWebhookEndpointRequest,
  type UpdateWebhookEndpointRequest,
  type WebhookDeliveriesQuery,
} from '@vigil/contracts';
import { ValidBody, ValidQuery } from '@vigil/platform';
import type { FastifyReply } from 'fastify';
import type { Actor } from '../common/actor';
import { CurrentActor } from '../sessions/current-session.decorator';
import { WebhooksService } from './webhooks.service';

/**
 * `/api/orgs/:orgId/webhooks`: an organisation's webhook endpoints. Owners and admins manage them, developers read them;
 * not a member = 404, a role without the action = 403 `org_permission_denied`, another organisation's endpoint = 404.
 */
@Controller('api/orgs/:orgId/webhooks')
export class OrganisationWebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Get()
  async list(@Param('orgId') orgId: string, @CurrentActor() actor: Actor) {
    return { endpoints: await this.webhooks.list(orgId, actor) };
  }

  @Post()
  create(
    @Param('orgId') orgId: string,
    @ValidBody(CreateWebhookEndpointRequestSchema) body: CreateWebhookEndpointRequest,
    @CurrentActor() actor: Actor,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    reply.header('cache-control', 'no-store');
    return this.webhooks.create(orgId, body, actor);
  }

  @Get(':id')
  get(@Param('orgId') orgId: string, @Param('id') id: string, @CurrentActor() actor: Actor) {
    return this.webhooks.get(orgId, id, actor);
  }

  @Patch(':id')
  update(@Param('orgId') orgId: string, @Param('id') id: string, @ValidBody(UpdateWebhookEndpointRequestSchema) body: UpdateWebhookEndpointRequest, @CurrentActor() actor: Actor) {
    return this.webhooks.update(orgId, id, body, actor);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@Param('orgId') orgId: string, @Param('id') id: string, @CurrentActor() actor: Actor): Promise<void> {
    await this.webhooks.remove(orgId, id, actor);
  }

  @Post(':id/rotate-secret')
  @HttpCode(200)
  rotateSecret(@Param('orgId') orgId: string, @Param('id') id: string, @CurrentActor() actor: Actor, @Res({ passthrough: true }) reply: FastifyReply) {
    reply.header('cache-control', 'no-store');
    return this.webhooks.rotateSecret(orgId, id, actor);
  }

  @Get(':id/deliveries')
  deliveries(@Param('orgId') orgId: string, @Param('id') id: string, @ValidQuery(WebhookDeliveriesQuerySchema) query: WebhookDeliveriesQuery, @CurrentActor() actor: Actor) {
    return this.webhooks.deliveries(orgId, id, query.limit, query.before, actor);
  }

  @Post(':id/test')
  @HttpCode(202)
  sendTest(@Param('orgId') orgId: string, @Param('id') id: string, @CurrentActor() actor: Actor) {
    return this.webhooks.sendTest(orgId, id, actor);
  }
}
