import { Body, Controller, Header, HttpCode, Post, Req, Res } from '@nestjs/common';
import { QuotaUnits, RequireScopes } from '@vigil/auth';
import { MAX_BATCH_LISTS, Scopes } from '@vigil/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { InteractionsService } from './interactions.service';

/** `POST /v1/interactions/check` (every interacting pair in a medication list) and its batch form. */
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

  /** Many lists in one call; each list counts as one call of the monthly quota. */
  @Post('check-batch')
  @HttpCode(200)
  @QuotaUnits('lists', MAX_BATCH_LISTS)
  @Header('content-type', 'application/json; charset=utf-8')
  async checkBatch(@Body() body: unknown, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const { json, engineMs } = await this.interactions.checkBatch(body, String(req.id));
    reply.header('cache-control', 'no-store');
    reply.header('server-timing', `engine;dur=${engineMs.toFixed(2)}`);
    return json;
  }
}
