import { Body, Controller, Get, HttpCode, Param, Patch, Post, Req, Res } from '@nestjs/common';
import { CreateApiKeyRequest, UpdateApiKeyRequest } from '@vigil/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { actorFrom } from '../common/actor-from-request';
import type { SessionRequest } from '../sessions/session-request';
import { KeysService } from './keys.service';

type Req = FastifyRequest & SessionRequest;

/** `/api/keys`: the signed-in account's own keys. Another account's key answers 404. */
@Controller('api/keys')
export class KeysController {
  constructor(private readonly keys: KeysService) {}

  @Get()
  async list(@Req() req: Req) {
    return { keys: await this.keys.list({ accountId: req.vigilSession!.account.id }) };
  }

  @Post()
  async create(@Body() body: CreateApiKeyRequest, @Req() req: Req, @Res({ passthrough: true }) reply: FastifyReply) {
    reply.header('cache-control', 'no-store');
    return this.keys.create(req.vigilSession!.account.id, body, actorFrom(req));
  }

  @Get(':id')
  get(@Param('id') id: string, @Req() req: Req) {
    return this.keys.get({ accountId: req.vigilSession!.account.id }, id);
  }

  @Patch(':id')
  update(@Param('id') id: string, @Body() body: UpdateApiKeyRequest, @Req() req: Req) {
    return this.keys.update({ accountId: req.vigilSession!.account.id }, id, body, actorFrom(req));
  }

  @Post(':id/revoke')
  @HttpCode(200)
  revoke(@Param('id') id: string, @Req() req: Req) {
    return this.keys.revoke({ accountId: req.vigilSession!.account.id }, id, actorFrom(req));
  }
}
