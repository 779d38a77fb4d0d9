import { z } from 'zod';
import { CheckInteractionsResponseSchema, KbInfoSchema } from './check-interactions.response';

export const BatchListResultSchema = z
  .object({
    index: z.int().min(0).describe('Position of the list in `lists`'),
    id: z.string().optional().describe('Your `id` for the list, echoed back'),
  })
  // The fields of a single check, less those the batch states once (request id, kb, disclaimer).
  .extend(CheckInteractionsResponseSchema.omit({ requestId: true, kb: true, disclaimer: true }).shape)
  .meta({ id: 'BatchListResult', description: 'The result of one list: the same fields as a single check, without the shared `kb` and disclaimer.' });

export const CheckBatchResponseSchema = z
  .object({
    requestId: z.string().describe('Request id, also in the `x-request-id` header'),
    kb: KbInfoSchema,
    summary: z
      .object({
        lists: z.int().min(0).describe('Lists checked (= monthly-quota calls counted)'),
        incomplete: z.array(z.int().min(0)).describe('Indexes of lists whose check is incomplete (`summary.complete: false`)'),
        withFindings: z.array(z.int().min(0)).describe('Indexes of lists with at least one finding'),
      })
      .describe('Totals over the batch'),
    results: z.array(BatchListResultSchema).describe('One per list, in request order'),
    disclaimer: z.string().describe('Decision-support disclaimer; show it with every result'),
  })
  .meta({ id: 'CheckBatchResponse', description: 'Per-list results of a batch, all answered by the same knowledge-base release.' });
export type CheckBatchResponse = z.infer<typeof CheckBatchResponseSchema>;
