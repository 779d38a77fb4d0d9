import { Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { actorFrom } from '../common/actor-from-request';
import { KeysService } from '../keys/keys.service';
import { Roles } from '../sessions/roles.decorator';
import type { SessionRequest } from '../sessions/session-request';

/** `POST /api/admin/keys/:id/revoke`: revoke any account's key (instant, audited as the admin). */
@Roles('admin')
@Controller('api/admin/keys')
export class AdminKeysController {
  constructor(private readonly keys: KeysService) {}

  @Post(':id/revoke')
  @HttpCode(200)
  revoke(@Param('id') id: string, @Req() req: FastifyRequest & SessionRequest) {
    return this.keys.revoke({ accountId: null }, id, actorFrom(req));
  }
}
