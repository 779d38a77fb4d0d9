import { z } from 'zod';
import { KbInfoSchema } from '../interactions/check-interactions.response';

/** The release as every check names it (`KbInfo`), with its sizes. */
export const KbDescriptionSchema = KbInfoSchema.extend({
  counts: z
    .object({
      ingredients: z.int().min(0).describe('Ingredients'),
      products: z.int().min(0).describe('Combination products'),
      classes: z.int().min(0).describe('Drug classes'),
      rules: z.int().min(0).describe('Pair and class rules'),
      pathways: z.int().min(0).describe('Pathway rules'),
      domains: z.int().min(0).describe('Additive risk domains'),
    })
    .describe('Sizes of the release'),
}).meta({ id: 'KbDescription', description: 'The knowledge-base release that answers checks.' });
export type KbDescription = z.infer<typeof KbDescriptionSchema>;
