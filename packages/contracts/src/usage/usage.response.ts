import { z } from 'zod';

/** Requests on one UTC day (or a range), by outcome. */
const CountsShape = { allowed: z.int(), rateLimited: z.int(), denied: z.int() };
export const UsageCountsSchema = z.object(CountsShape).meta({ id: 'UsageCounts' });
export type UsageCounts = z.infer<typeof UsageCountsSchema>;

export const UsageDaySchema = z.object({ day: z.string().describe('`YYYY-MM-DD` (UTC)'), ...CountsShape }).meta({ id: 'UsageDay' });
export type UsageDay = z.infer<typeof UsageDaySchema>;

export const KeyUsageSchema = z
  .object({
    id: z.string(),
    label: z.string(),
    hint: z.string(),
    status: z.enum(['active', 'revoked', 'expired']),
    totals: UsageCountsSchema,
    daily: z.array(UsageDaySchema).describe('One entry per day of the range, oldest first, zeros included'),
  })
  .meta({ id: 'KeyUsage' });
export type KeyUsage = z.infer<typeof KeyUsageSchema>;

/** `GET /api/usage`. Only the caller's keys; month-to-date quota counts allowed requests. */
export const UsageResponseSchema = z
  .object({
    days: z.int(),
    from: z.string(),
    to: z.string(),
    totals: UsageCountsSchema,
    daily: z.array(UsageDaySchema),
    keys: z.array(KeyUsageSchema),
    tags: z
      .array(z.object({ tag: z.string(), allowed: z.int(), rateLimited: z.int() }))
      .describe('Calls per usage tag (`x-vigil-tag`) over the range, most first; untagged calls are the rest of `totals`'),
    untaggedAllowed: z.int().describe('Allowed calls over the range that carried no usage tag'),
    month: z.object({ start: z.string(), used: z.int(), quota: z.int(), remaining: z.int(), plan: z.object({ id: z.string(), name: z.string() }) }),
  })
  .meta({ id: 'UsageResponse' });
export type UsageResponse = z.infer<typeof UsageResponseSchema>;
