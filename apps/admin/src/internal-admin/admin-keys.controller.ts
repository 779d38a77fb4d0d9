import { Controller, HttpCode, Param, Patch, Post, Req, Res } from '@nestjs/common';
import {
  type KeyExposureRequest,
  KeyExposureRequestSchema,
  RollApiKeyRequestSchema,
  type RollApiKeyRequest,
  UpdateApiKeyRequestSchema,
  type UpdateApiKeyRequest,
} from '@vigil/contracts';
import { ValidBody } from '@vigil/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { actorFrom } from '../common/actor-from-request';
import { KeyExposureService } from '../keys/key-exposure.service';
import { KeysService } from '../keys/keys.service';
import { Roles } from '../sessions/roles.decorator';
import type { SessionRequest } from '../sessions/session-request';

/**
 * `POST /api/admin/keys/:id/revoke`: revoke any account's key (instant, audited as the admin).
 * `PATCH /api/admin/keys/:id`: change any account's key; the one way to grant a rate limit above the plan (audited).
 * `POST /api/admin/keys/:id/roll`: roll any account's key (successor shown once; `key.roll` audited as the admin).
 * `POST /api/admin/keys/:id/exposed`: a key reported as leaked: revoked at once, owner emailed, `key.exposed` audited.
 */
@Roles('admin')
@Controller('api/admin/keys')
export class AdminKeysController {
  constructor(
    private readonly keys: KeysService,
    private readonly exposure: KeyExposureService,
  ) {}

  @Patch(':id')
  update(@Param('id') id: string, @ValidBody(UpdateApiKeyRequestSchema) body: UpdateApiKeyRequest, @Req() req: FastifyRequest & SessionRequest) {
    return this.keys.update({ accountId: null }, id, body, actorFrom(req));
  }

  @Post(':id/revoke')
  @HttpCode(200)
  revoke(@Param('id') id: string, @Req() req: FastifyRequest & SessionRequest) {
    return this.keys.revoke({ accountId: null }, id, actorFrom(req));
  }

  @Post(':id/roll')
  roll(
    @Param('id') id: string,
    @ValidBody(RollApiKeyRequestSchema) body: RollApiKeyRequest,
    @Req() req: FastifyRequest & SessionRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    reply.header('cache-control', 'no-store');
    return this.keys.roll({ accountId: null }, id, body, actorFrom(req));
  }

  @Post(':id/exposed')
  @HttpCode(200)
  exposed(@Param('id') id: string, @ValidBody(KeyExposureRequestSchema) body: KeyExposureRequest, @Req() req: FastifyRequest & SessionRequest) {
    return this.exposure.reportKey(id, body, actorFrom(req));
  }
}
