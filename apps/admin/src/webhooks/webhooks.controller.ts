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
import { ProblemException, ValidBody, ValidQuery } from '@vigil/platform';
import type { FastifyReply } from 'fastify';
import type { Actor } from '../common/actor';
import { CurrentAccount, CurrentActor } from '../sessions/current-session.decorator';
import { WebhooksService } from './webhooks.service';

/**
 * `/api/webhooks`, kept for existing integrations: the endpoints of the signed-in account's own organisation (the
 * oldest live one it owns, where `/api/keys` creates keys), exactly as `/api/orgs/:orgId/webhooks` answers for it.
 * Another organisation's endpoint answers 404; an account that owns no organisation has none.
 */
@Controller('api/webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  /** The account's own organisation, or 404 when it owns none. */
  private async own(account: AccountEntity): Promise<string> {
    const id = await this.webhooks.personalOrganisationId(account.id);
    if (!id) throw new ProblemException('NotFound', { detail: 'The account owns no organisation: manage webhooks under /api/orgs/{id}/webhooks.' });
    return id;
  }

  @Get()
  async list(@CurrentAccount() account: AccountEntity, @CurrentActor() actor: Actor) {
    const id = await this.webhooks.personalOrganisationId(account.id);
    return { endpoints: id ? await this.webhooks.list(id, actor) : [] };
  }

  @Post()
  async create(
    @ValidBody(CreateWebhookEndpointRequestSchema) body: CreateWebhookEndpointRequest,
    @CurrentAccount() account: AccountEntity,
    @CurrentActor() actor: Actor,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    reply.header('cache-control', 'no-store');
    return this.webhooks.create(await this.own(account), body, actor);
  }

  @Get(':id')
  async get(@Param('id') id: string, @CurrentAccount() account: AccountEntity, @CurrentActor() actor: Actor) {
    return this.webhooks.get(await this.own(account), id, actor);
  }

  @Patch(':id')
  async update(
    @Param('id') id: string,
    @ValidBody(UpdateWebhookEndpointRequestSchema) body: UpdateWebhookEndpointRequest,
    @CurrentAccount() account: AccountEntity,
    @CurrentActor() actor: Actor,
  ) {
    return this.webhooks.update(await this.own(account), id, body, actor);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@Param('id') id: string, @CurrentAccount() account: AccountEntity, @CurrentActor() actor: Actor): Promise<void> {
    await this.webhooks.remove(await this.own(account), id, actor);
  }

  @Post(':id/rotate-secret')
  @HttpCode(200)
  async rotateSecret(@Param('id') id: string, @CurrentAccount() account: AccountEntity, @CurrentActor() actor: Actor, @Res({ passthrough: true }) reply: FastifyReply) {
    reply.header('cache-control', 'no-store');
    return this.webhooks.rotateSecret(await this.own(account), id, actor);
  }

  @Get(':id/deliveries')
  async deliveries(
    @Param('id') id: string,
    @ValidQuery(WebhookDeliveriesQuerySchema) query: WebhookDeliveriesQuery,
    @CurrentAccount() account: AccountEntity,
    @CurrentActor() actor: Actor,
  ) {
    return this.webhooks.deliveries(await this.own(account), id, query.limit, query.before, actor);
  }

  @Post(':id/test')
  @HttpCode(202)
  async sendTest(@Param('id') id: string, @CurrentAccount() account: AccountEntity, @CurrentActor() actor: Actor) {
    return this.webhooks.sendTest(await this.own(account), id, actor);
  }
}
