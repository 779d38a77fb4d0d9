import { z } from 'zod';
import { KbSourceInfoSchema } from '../interactions/check-interactions.response';

export const KbDescriptionSchema = z
  .object({
    version: z.string().describe('Release version'),
    releasedAt: z.string().describe('Release time (ISO 8601)'),
    sources: z.array(KbSourceInfoSchema).describe('Sources in the release with their licences'),
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
  })
  .meta({ id: 'KbDescription', description: 'The knowledge-base release that answers checks.' });
export type KbDescription = z.infer<typeof KbDescriptionSchema>;
