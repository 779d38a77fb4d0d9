import { Controller, HttpCode, Param, Patch, Post, Req } from '@nestjs/common';
import { UpdateApiKeyRequestSchema, type UpdateApiKeyRequest } from '@vigil/contracts';
import { ValidBody } from '@vigil/platform';
import type { FastifyRequest } from 'fastify';
import { actorFrom } from '../common/actor-from-request';
import { KeysService } from '../keys/keys.service';
import { Roles } from '../sessions/roles.decorator';
import type { SessionRequest } from '../sessions/session-request';

/**
 * `POST /api/admin/keys/:id/revoke`: revoke any account's key (instant, audited as the admin).
 * `PATCH /api/admin/keys/:id`: change any account's key; the one way to grant a rate limit above the plan (audited).
 */
@Roles('admin')
@Controller('api/admin/keys')
export class AdminKeysController {
  constructor(private readonly keys: KeysService) {}

  @Patch(':id')
  update(@Param('id') id: string, @ValidBody(UpdateApiKeyRequestSchema) body: UpdateApiKeyRequest, @Req() req: FastifyRequest & SessionRequest) {
    return this.keys.update({ accountId: null }, id, body, actorFrom(req));
  }

  @Post(':id/revoke')
  @HttpCode(200)
  revoke(@Param('id') id: string, @Req() req: FastifyRequest & SessionRequest) {
    return this.keys.revoke({ accountId: null }, id, actorFrom(req));
  }
}
