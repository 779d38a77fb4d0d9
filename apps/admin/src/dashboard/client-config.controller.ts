import { Controller, Get, Req } from '@nestjs/common';
import { Public } from '@vigil/auth';
import type { FastifyRequest } from 'fastify';
import { ClientConfigService } from './client-config.service';

/**
 * `GET /api/config`: API URL, key prefix, scopes, plans and trial for the dashboard. Public on purpose: the
 * sign-up page shows the plans, and none of it is secret.
 */
@Public()
@Controller('api/config')
export class ClientConfigController {
  constructor(private readonly config: ClientConfigService) {}

  @Get()
  get(@Req() req: FastifyRequest) {
    return this.config.forRequest(req.headers.host, req.protocol === 'https');
  }
}
