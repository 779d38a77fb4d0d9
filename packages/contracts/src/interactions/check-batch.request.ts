import { z } from 'zod';
import { CheckOptionsSchema, DrugListSchema } from './check-interactions.request';

export const MAX_BATCH_LISTS = 100;
/** All lists of one batch together: bounds the work of one request (about 20 drugs per list on average). */
export const MAX_BATCH_DRUGS = 2000;

export const BatchListSchema = z
  .strictObject(
    {
      id: z
        .string({ error: '"id" must be a string of at most 100 characters' })
        .max(100, { error: '"id" must be a string of at most 100 characters' })
        .optional()
        .describe('Your id for the list (e.g. a patient or encounter reference), echoed in its result'),
      drugs: DrugListSchema.describe('The medication list, as in a single check (names or identified entries, `proposed`, `stoppedOn`)'),
    },
    { error: (i) => (i.code === 'unrecognized_keys' ? undefined : 'each list must be an object with a "drugs" array') },
  )
  .meta({ id: 'BatchList', description: 'One medication list of a batch.' });

/** `POST /v1/interactions/check-batch` body. */
export const CheckBatchRequestSchema = z
  .strictObject(
    {
      lists: z
        .array(BatchListSchema, { error: `"lists" must be an array of 1 to ${MAX_BATCH_LISTS} lists` })
        .min(1, { error: 'send at least 1 list' })
        .max(MAX_BATCH_LISTS, { error: (i) => `send at most ${MAX_BATCH_LISTS} lists (got ${(i.input as unknown[]).length})` })
        .check((ctx) => {
          const total = ctx.value.reduce((n, l) => n + l.drugs.length, 0);
          if (total > MAX_BATCH_DRUGS)
            ctx.issues.push({ code: 'custom', input: ctx.value, params: { code: 'max_items' }, message: `at most ${MAX_BATCH_DRUGS} drugs in all lists together (got ${total})` });
        })
        .describe(`1 to ${MAX_BATCH_LISTS} medication lists, at most ${MAX_BATCH_DRUGS} drugs in all; each counts as one call of the monthly quota`),
      options: CheckOptionsSchema.optional(),
    },
    { error: (i) => (i.code === 'unrecognized_keys' ? undefined : 'the body must be a JSON object with a "lists" array') },
  )
  .meta({ id: 'CheckBatchRequest', description: 'Several medication lists (e.g. a nightly pharmacy review), checked independently.' });
export type CheckBatchRequest = z.infer<typeof CheckBatchRequestSchema>;
