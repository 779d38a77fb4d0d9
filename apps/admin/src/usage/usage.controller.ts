import { Controller, Get, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { SessionRequest } from '../sessions/session-request';
import { UsageQueryRequest } from './usage-query.request';
import { UsageService } from './usage.service';

/** `GET /api/usage?days=7..90`: the signed-in account's requests per key and day, and its month-to-date quota. */
@Controller('api/usage')
export class UsageController {
  constructor(private readonly usage: UsageService) {}

  @Get()
  get(@Query() query: UsageQueryRequest, @Req() req: FastifyRequest & SessionRequest) {
    return this.usage.forAccount(req.vigilSession!.account, query.days ?? 30);
  }
}
