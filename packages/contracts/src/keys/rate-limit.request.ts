import { z } from 'zod';

/** A per-key rate limit: at most `limit` requests per `windowSeconds`. */
export const RateLimitSchema = z
  .strictObject({
    limit: z.int({ error: 'limit must be an integer' }).min(1, { error: 'limit must be at least 1' }).max(1_000_000, { error: 'limit must be at most 1000000' }),
    windowSeconds: z
      .int({ error: 'windowSeconds must be an integer' })
      .min(1, { error: 'windowSeconds must be at least 1' })
      .max(86_400, { error: 'windowSeconds must be at most 86400' }),
  })
  .meta({ id: 'RateLimit' });
export type RateLimit = z.infer<typeof RateLimitSchema>;
