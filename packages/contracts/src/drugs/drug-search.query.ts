import { z } from 'zod';

const Q_ERROR = { error: 'q must be 1 to 100 characters' };
const LIMIT_ERROR = { error: 'limit must be an integer from 1 to 50' };

/** `GET /v1/drugs/search` query. */
export const DrugSearchQuerySchema = z
  .strictObject({
    q: z.string(Q_ERROR).trim().min(1, Q_ERROR).max(100, Q_ERROR).describe('What the user typed so far, 1–100 characters'),
    limit: z.coerce.number(LIMIT_ERROR).int(LIMIT_ERROR).min(1, LIMIT_ERROR).max(50, LIMIT_ERROR).default(10).describe('How many results, 1–50'),
  })
  .describe('Query parameters of the drug search.');
export type DrugSearchQuery = z.output<typeof DrugSearchQuerySchema>;
