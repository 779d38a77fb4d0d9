import { z } from 'zod';
import { DRUG_COVERAGES, UsMarketStatusSchema } from '../interactions/drug-resolution.response';

export const DrugSearchHitSchema = z
  .object({
    id: z.string().describe('Ingredient id, or the product id of a combination product; `GET /v1/drugs/{id}` describes either'),
    ingredientId: z.string().optional().describe('Single-ingredient hits: the ingredient id (use with `GET /v1/drugs/{id}`)'),
    ingredientIds: z.array(z.string()).describe('Ingredient ids (several for a combination product)'),
    ingredients: z.array(z.object({ id: z.string().describe('Ingredient id'), name: z.string().describe('Generic name') })).describe('The ingredients with their generic names'),
    name: z.string().describe('Generic name, or product name'),
    matched: z.string().describe('The name that matched the query, as the knowledge base writes it'),
    kind: z.enum(['generic', 'synonym', 'salt', 'brand', 'product']).describe('What the matched name is'),
    match: z.enum(['exact', 'prefix', 'word-prefix', 'fuzzy']).describe('How the query matched it'),
    score: z.number().min(0).max(1).describe('0–1, for display; the order of the list is the ranking'),
    coverage: z
      .enum(DRUG_COVERAGES)
      .describe('`reviewed`, or `names-only` when the knowledge base knows an ingredient by name only: a check with it reports it as not reviewed, never as "no interactions"'),
    usMarket: z.array(UsMarketStatusSchema).optional().describe('Present when an ingredient is no longer marketed in the US (withdrawn or discontinued), as a check reports it'),
  })
  .meta({ id: 'DrugSearchHit', description: 'One search result.' });
export type DrugSearchHit = z.infer<typeof DrugSearchHitSchema>;

export const DrugSearchResponseSchema = z
  .object({
    query: z.string().describe('The query, trimmed'),
    results: z.array(DrugSearchHitSchema).describe('Hits, best first'),
  })
  .meta({ id: 'DrugSearchResponse', description: 'Autocomplete results, best first.' });
export type DrugSearchResponse = z.infer<typeof DrugSearchResponseSchema>;
