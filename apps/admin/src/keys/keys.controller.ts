import { Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Res } from '@nestjs/common';
import {
  CdsClientRequestSchema,
  CreateApiKeyRequestSchema,
  RollApiKeyRequestSchema,
  UpdateApiKeyRequestSchema,
  type CdsClientRequest,
  type CreateApiKeyRequest,
  type RollApiKeyRequest,
  type UpdateApiKeyRequest,
} from '@vigil/contracts';
import { ValidBody } from '@vigil/platform';
import type { AccountEntity } from '@vigil/db';
import type { FastifyReply } from 'fastify';
import type { Actor } from '../common/actor';
import { CurrentAccount, CurrentActor } from '../sessions/current-session.decorator';
import { CdsClientsService } from './cds-clients.service';
import { KeysService } from './keys.service';

/** `/api/keys`: the signed-in account's own keys. Another account's key answers 404. */
@Controller('api/keys')
export class KeysController {
  constructor(
    private readonly keys: KeysService,
    private readonly cdsClients: CdsClientsService,
  ) {}

  @Get()
  async list(@CurrentAccount() account: AccountEntity) {
    return { keys: await this.keys.list({ accountId: account.id }) };
  }

  @Post()
  async create(
    @ValidBody(CreateApiKeyRequestSchema) body: CreateApiKeyRequest,
    @CurrentAccount() account: AccountEntity,
    @CurrentActor() actor: Actor,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    reply.header('cache-control', 'no-store');
    return this.keys.create(account.id, body, actor);
  }

  @Get(':id')
  get(@Param('id') id: string, @CurrentAccount() account: AccountEntity) {
    return this.keys.get({ accountId: account.id }, id);
  }

  @Patch(':id')
  update(@Param('id') id: string, @ValidBody(UpdateApiKeyRequestSchema) body: UpdateApiKeyRequest, @CurrentAccount() account: AccountEntity, @CurrentActor() actor: Actor) {
    return this.keys.update({ accountId: account.id }, id, body, actor);
  }

  @Post(':id/revoke')
  @HttpCode(200)
  revoke(@Param('id') id: string, @CurrentAccount() account: AccountEntity, @CurrentActor() actor: Actor) {
    return this.keys.revoke({ accountId: account.id }, id, actor);
  }

  /** Issues a successor (its key shown once) and keeps the old key working for the chosen grace period. */
  @Post(':id/roll')
  roll(
    @Param('id') id: string,
    @ValidBody(RollApiKeyRequestSchema) body: RollApiKeyRequest,
    @CurrentAccount() account: AccountEntity,
    @CurrentActor() actor: Actor,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    reply.header('cache-control', 'no-store');
    return this.keys.roll({ accountId: account.id }, id, body, actor);
  }

  /** The CDS Hooks client (JWT issuer and public JWK set) that may call with this key's permissions. */
  @Get(':id/cds-client')
  cdsClient(@Param('id') id: string, @CurrentAccount() account: AccountEntity) {
    return this.cdsClients.get(account.id, id);
  }

  @Put(':id/cds-client')
  setCdsClient(@Param('id') id: string, @ValidBody(CdsClientRequestSchema) body: CdsClientRequest, @CurrentAccount() account: AccountEntity, @CurrentActor() actor: Actor) {
    return this.cdsClients.set(account.id, id, body, actor);
  }

  @Delete(':id/cds-client')
  @HttpCode(204)
  async removeCdsClient(@Param('id') id: string, @CurrentAccount() account: AccountEntity, @CurrentActor() actor: Actor): Promise<void> {
    await this.cdsClients.remove(account.id, id, actor);
  }
}
