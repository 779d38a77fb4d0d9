import { Injectable } from '@nestjs/common';
import { CheckBatchRequestSchema, CheckInteractionsRequestSchema } from '@vigil/contracts';
import { CHECK_DISCLAIMER } from '@vigil/engine';
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

  /**
   * Checks every list of a batch on one release (a swap mid-batch cannot mix releases). Validated whole first, so an
   * invalid list refuses the batch before any work. Yields to the event loop between lists, so a large batch never
   * holds up other requests for more than one list's check.
   */
  async checkBatch(body: unknown, requestId: string): Promise<CheckOutcome> {
    const request = parseOrThrow(CheckBatchRequestSchema, body);
    const { kb } = this.kb.current();
    const options = request.options ?? {};
    let engineMs = 0;
    const results: string[] = [];
    const incomplete: number[] = [];
    const withFindings: number[] = [];
    for (const [index, list] of request.lists.entries()) {
      if (index > 0) await new Promise<void>((resolve) => setImmediate(resolve));
      const t0 = performance.now();
      // kb and disclaimer are the same for every list: stated once for the batch.
      const { kb: _kb, disclaimer: _disclaimer, ...result } = this.kb.engine.check(kb, list.drugs, options);
      engineMs += performance.now() - t0;
      if (!result.summary.complete) incomplete.push(index);
      if (result.interactions.length > 0) withFindings.push(index);
      results.push(JSON.stringify({ index, ...(list.id !== undefined ? { id: list.id } : {}), ...result }));
    }
    const summary = JSON.stringify({ lists: request.lists.length, incomplete, withFindings });
    const json = `{"requestId":${JSON.stringify(requestId)},"kb":${JSON.stringify(kb.info)},"summary":${summary},"results":[${results.join(',')}],"disclaimer":${JSON.stringify(CHECK_DISCLAIMER)}}`;
    return { json, engineMs };
  }
}
