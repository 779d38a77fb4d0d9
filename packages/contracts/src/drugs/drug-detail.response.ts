import { z } from 'zod';
import { DRUG_COVERAGES, UsMarketStatusSchema } from '../interactions/drug-resolution.response';

export const DrugDetailSchema = z
  .object({
    id: z.string().describe('Ingredient id, or product id (as search returns them)'),
    kind: z.enum(['ingredient', 'product']).describe('`ingredient`, or `product` for a combination product: then the other fields describe its ingredients together'),
    name: z.string().describe('Generic name, or product name'),
    ingredients: z.array(z.object({ id: z.string().describe('Ingredient id'), name: z.string().describe('Generic name') })).describe('Its ingredients (itself for an ingredient)'),
    rxcui: z.string().nullable().describe('RxNorm RxCUI, null when unknown (always null for a product)'),
    atc: z.array(z.string()).describe('WHO ATC codes'),
    synonyms: z.array(z.string()).describe('Other names (INN, BAN, abbreviations)'),
    salts: z.array(z.string()).describe('Salt and ester forms that resolve to it'),
    brands: z.array(z.string()).describe('Single-ingredient brand names'),
    classes: z.array(z.object({ id: z.string().describe('Class id'), name: z.string().describe('Class name') })).describe('Classes it belongs to (class rules apply to it)'),
    products: z
      .array(z.object({ id: z.string().describe('Product id'), name: z.string().describe('Product name'), ingredients: z.array(z.string()).describe('Ingredient ids') }))
      .describe('Combination products that contain it'),
    enzymeRoles: z
      .array(
        z.object({
          enzyme: z.string().describe('Enzyme or transporter, e.g. `CYP3A4`, `P-gp`'),
          role: z.enum(['substrate', 'inhibitor', 'inducer']).describe('Role'),
          strength: z.enum(['sensitive', 'moderate', 'strong', 'weak']).describe('Substrates: `sensitive` or `moderate`; inhibitors and inducers: `strong`, `moderate` or `weak`'),
        }),
      )
      .describe('Enzyme and transporter roles the pathway layer uses'),
    riskDomains: z.array(z.string()).describe('Additive risk domains it contributes to (`qt`, `serotonergic`, `bleeding`…)'),
    rules: z
      .object({
        total: z.int().min(0).describe('Rules that apply to it directly or through a class'),
        direct: z.int().min(0).describe('Rules naming it'),
        pathways: z.int().min(0).describe('Pathway rules and label statements it can trigger'),
      })
      .describe('Rule counts'),
    coverage: z
      .enum(DRUG_COVERAGES)
      .describe('`reviewed`, or `names-only` when the knowledge base knows the drug (an ingredient of the product) by name only: its interactions are not reviewed'),
    usMarket: z.array(UsMarketStatusSchema).optional().describe('Present when an ingredient is no longer marketed in the US (withdrawn or discontinued), with the FDA records'),
  })
  .meta({ id: 'DrugDetail', description: 'What the knowledge base knows about an ingredient or a combination product.' });
export type DrugDetail = z.infer<typeof DrugDetailSchema>;
