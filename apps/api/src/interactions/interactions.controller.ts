import { Body, Controller, Header, HttpCode, Post, Req, Res } from '@nestjs/common';
import { RequireScopes } from '@vigil/auth';
import { type CheckInteractionsRequest, Scopes, validateCheckRequest } from '@vigil/contracts';
import { ProblemException, validationDetail } from '@vigil/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { KnowledgeBaseService } from '../kb/knowledge-base.service';
import { CheckResponseSerializer } from './check-response.serializer';

/** `POST /v1/interactions/check`: every interacting pair in a medication list. */
@Controller('v1/interactions')
@RequireScopes(Scopes.InteractionsCheck)
export class InteractionsController {
  private readonly serializer = new CheckResponseSerializer();

  constructor(private readonly kb: KnowledgeBaseService) {}

  /** Returns the response as JSON text (a `CheckInteractionsResponse`), written by CheckResponseSerializer. */
  @Post('check')
  @HttpCode(200)
  @Header('content-type', 'application/json; charset=utf-8')
  check(@Body() body: unknown, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): string {
    const errors = validateCheckRequest(body);
    if (errors.length) throw new ProblemException('ValidationFailed', { detail: validationDetail(errors), errors });
    const request = body as CheckInteractionsRequest;
    const t0 = performance.now();
    // One release per response, even while a new one is being swapped in.
    const { kb } = this.kb.current();
    const result = this.kb.engine.check(kb, request.drugs, request.options ?? {});
    // Medication lists are health data: never cached by intermediaries.
    reply.header('cache-control', 'no-store');
    reply.header('server-timing', `engine;dur=${(performance.now() - t0).toFixed(2)}`);
    return this.serializer.serialize(String(req.id), result);
  }
}
