import { Body, Controller, Header, HttpCode, Post, Req, Res } from '@nestjs/common';
import { RequireScopes } from '@vigil/auth';
import { Scopes } from '@vigil/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { InteractionsService } from './interactions.service';

/** `POST /v1/interactions/check`: every interacting pair in a medication list. */
@Controller('v1/interactions')
@RequireScopes(Scopes.InteractionsCheck)
export class InteractionsController {
  constructor(private readonly interactions: InteractionsService) {}

  /** Returns the response as JSON text (a `CheckInteractionsResponse`). */
  @Post('check')
  @HttpCode(200)
  @Header('content-type', 'application/json; charset=utf-8')
  check(@Body() body: unknown, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): string {
    const { json, engineMs } = this.interactions.check(body, String(req.id));
    // Medication lists are health data: never cached by intermediaries.
    reply.header('cache-control', 'no-store');
    reply.header('server-timing', `engine;dur=${engineMs.toFixed(2)}`);
    return json;
  }
}
