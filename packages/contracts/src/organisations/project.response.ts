import { z } from 'zod';

const Limit = z.object({ limit: z.int(), windowSeconds: z.int() });

/** A project of an organisation, with its caps (null = the plan's) and how many active keys it has. */
export const ProjectResponseSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    rateLimit: Limit.nullable().describe('Requests per window over all the project’s keys; null = no project cap'),
    monthlyQuota: z.int().nullable().describe('Calls per UTC month over all the project’s keys; null = no project cap'),
    activeKeys: z.int(),
    createdAt: z.string(),
  })
  .meta({ id: 'Project' });
export type ProjectResponse = z.infer<typeof ProjectResponseSchema>;

export const ProjectListResponseSchema = z.object({ projects: z.array(ProjectResponseSchema) }).meta({ id: 'ProjectList' });
export type ProjectListResponse = z.infer<typeof ProjectListResponseSchema>;

const Counts = { allowed: z.int(), rateLimited: z.int(), denied: z.int() };
const Day = z.object({ day: z.string().describe('`YYYY-MM-DD` (UTC)'), ...Counts });

/**
 * An organisation's calls per UTC day (one project's with `projectId`), per project over the range and per day, and per
 * usage tag (`x-vigil-tag`) with the same meaning as `GET /api/usage`.
 */
export const OrgUsageResponseSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    projectId: z.string().nullable(),
    days: z.array(Day),
    projects: z.array(
      z.object({
        projectId: z.string(),
        name: z.string(),
        ...Counts,
        daily: z.array(Day).describe('One entry per day of the range, oldest first, zeros included'),
      }),
    ),
    tags: z
      .array(z.object({ tag: z.string(), allowed: z.int(), rateLimited: z.int() }))
      .describe('Calls per usage tag (`x-vigil-tag`) over the range, most first; untagged calls are the rest of the totals'),
    untaggedAllowed: z.int().describe('Allowed calls over the range that carried no usage tag'),
  })
  .meta({ id: 'OrgUsage' });
export type OrgUsageResponse = z.infer<typeof OrgUsageResponseSchema>;
