import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { RequireScopes } from '@vigil/auth';
import { type CheckInteractionsRequest, type CheckInteractionsResponse, Scopes, validateCheckRequest } from '@vigil/contracts';
import { ProblemException } from '@vigil/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { KnowledgeBaseService } from '../kb/knowledge-base.service';

/** `POST /v1/interactions/check`: every interacting pair in a medication list. */
@Controller('v1/interactions')
@RequireScopes(Scopes.InteractionsCheck)
export class InteractionsController {
  constructor(private readonly kb: KnowledgeBaseService) {}

  @Post('check')
  @HttpCode(200)
  check(@Body() body: unknown, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): CheckInteractionsResponse {
    const errors = validateCheckRequest(body);
    if (errors.length) throw new ProblemException('ValidationFailed', { detail: errors.map((e) => `${e.pointer || '/'}: ${e.message}`).join('; '), errors });
    const request = body as CheckInteractionsRequest;
    const t0 = performance.now();
    // One release per response, even while a new one is being swapped in.
    const { kb } = this.kb.current();
    const result = this.kb.engine.check(kb, request.drugs, request.options ?? {});
    // Medication lists are health data: never cached by intermediaries.
    reply.header('cache-control', 'no-store');
    reply.header('server-timing', `engine;dur=${(performance.now() - t0).toFixed(2)}`);
    return { requestId: String(req.id), ...result };
  }
}
