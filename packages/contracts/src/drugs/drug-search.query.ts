import { z } from 'zod';

/** `GET /v1/drugs/search` query. */
export const DrugSearchQuerySchema = z
  .strictObject({
    q: z
      .string({ error: 'q must be 1 to 100 characters' })
      .trim()
      .min(1, { error: 'q must be 1 to 100 characters' })
      .max(100, { error: 'q must be 1 to 100 characters' })
      .describe('What the user typed so far, 1–100 characters'),
    limit: z.coerce
      .number({ error: 'limit must be an integer from 1 to 50' })
      .int({ error: 'limit must be an integer from 1 to 50' })
      .min(1, { error: 'limit must be an integer from 1 to 50' })
      .max(50, { error: 'limit must be an integer from 1 to 50' })
      .default(10)
      .describe('How many results, 1–50'),
  })
  .describe('Query parameters of the drug search.');
export type DrugSearchQuery = z.output<typeof DrugSearchQuerySchema>;
