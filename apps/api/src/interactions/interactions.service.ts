import { Injectable } from '@nestjs/common';
import { CheckInteractionsRequestSchema } from '@vigil/contracts';
import { parseOrThrow } from '@vigil/platform';
import { KnowledgeBaseService } from '../kb/knowledge-base.service';
import { CheckResponseSerializer } from './check-response.serializer';

/** A checked medication list as JSON text (a `CheckInteractionsResponse`) and how long the engine took. */
export interface CheckOutcome {
  json: string;
  engineMs: number;
}

/** Validates a check request and runs it on one release (even while another is being swapped in). */
@Injectable()
export class InteractionsService {
  private readonly serializer = new CheckResponseSerializer();

  constructor(private readonly kb: KnowledgeBaseService) {}

  check(body: unknown, requestId: string): CheckOutcome {
    const request = parseOrThrow(CheckInteractionsRequestSchema, body);
    const t0 = performance.now();
    const { kb } = this.kb.current();
    const result = this.kb.engine.check(kb, request.drugs, request.options ?? {});
    return { json: this.serializer.serialize(requestId, result), engineMs: performance.now() - t0 };
  }
}
