import { Controller, Delete, Get, HttpCode, Param, Patch, Post, Res } from '@nestjs/common';
import {
  CreateWebhookEndpointRequestSchema,
  UpdateWebhookEndpointRequestSchema,
  WebhookDeliveriesQuerySchema,
  type CreateWebhookEndpointRequest,
  type UpdateWebhookEndpointRequest,
  type WebhookDeliveriesQuery,
} from '@vigil/contracts';
import type { AccountEntity } from '@vigil/db';
import { ValidBody, ValidQuery } from '@vigil/platform';
import type { FastifyReply } from 'fastify';
import type { Actor } from '../common/actor';
import { CurrentAccount, CurrentActor } from '../sessions/current-session.decorator';
import { WebhooksService } from './webhooks.service';

/** `/api/webhooks`: the signed-in account's webhook endpoints. Another account's endpoint answers 404. */
@Controller('api/webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Get()
  async list(@CurrentAccount() account: AccountEntity) {
    return { endpoints: await this.webhooks.list(account.id) };
  }

  @Post()
  create(
    @ValidBody(CreateWebhookEndpointRequestSchema) body: CreateWebhookEndpointRequest,
    @CurrentAccount() account: AccountEntity,
    @CurrentActor() actor: Actor,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    reply.header('cache-control', 'no-store');
    return this.webhooks.create(account.id, body, actor);
  }

  @Get(':id')
  get(@Param('id') id: string, @CurrentAccount() account: AccountEntity) {
    return this.webhooks.get(account.id, id);
  }

  @Patch(':id')
  update(
    @Param('id') id: string,
    @ValidBody(UpdateWebhookEndpointRequestSchema) body: UpdateWebhookEndpointRequest,
    @CurrentAccount() account: AccountEntity,
    @CurrentActor() actor: Actor,
  ) {
    return this.webhooks.update(account.id, id, body, actor);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@Param('id') id: string, @CurrentAccount() account: AccountEntity, @CurrentActor() actor: Actor): Promise<void> {
    await this.webhooks.remove(account.id, id, actor);
  }

  @Post(':id/rotate-secret')
  @HttpCode(200)
  rotateSecret(@Param('id') id: string, @CurrentAccount() account: AccountEntity, @CurrentActor() actor: Actor, @Res({ passthrough: true }) reply: FastifyReply) {
    reply.header('cache-control', 'no-store');
    return this.webhooks.rotateSecret(account.id, id, actor);
  }

  @Get(':id/deliveries')
  deliveries(@Param('id') id: string, @ValidQuery(WebhookDeliveriesQuerySchema) query: WebhookDeliveriesQuery, @CurrentAccount() account: AccountEntity) {
    return this.webhooks.deliveries(account.id, id, query.limit, query.before);
  }

  @Post(':id/test')
  @HttpCode(202)
  sendTest(@Param('id') id: string, @CurrentAccount() account: AccountEntity) {
    return this.webhooks.sendTest(account.id, id);
  }
}
