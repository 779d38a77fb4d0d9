import { z } from 'zod';
import { RateLimitSchema } from '../keys/rate-limit.request';
import { CreateApiKeyRequestSchema } from '../keys/create-api-key.request';
import { queryInt, text } from '../validation/field-rules';

const uuid = (what: string) => z.uuid({ error: `${what} must be a UUID` });

/**
 * `POST /api/orgs/:orgId/projects` and `PATCH /api/orgs/:orgId/projects/:projectId`: a project's name and its own caps
 * below the plan's (null = none): a rate limit shared by all its keys, and a monthly quota.
 */
export const ProjectRequestSchema = z
  .strictObject({
    name: text(100, 'name'),
    rateLimit: RateLimitSchema.nullable().optional(),
    monthlyQuota: z.int({ error: 'monthlyQuota must be an integer' }).min(0, { error: 'monthlyQuota must be at least 0' }).nullable().optional(),
  })
  .meta({ id: 'ProjectRequest' });
export type ProjectRequest = z.infer<typeof ProjectRequestSchema>;

export const UpdateProjectRequestSchema = ProjectRequestSchema.partial().meta({ id: 'UpdateProjectRequest' });
export type UpdateProjectRequest = z.infer<typeof UpdateProjectRequestSchema>;

/**
 * `POST /api/orgs/:orgId/keys`: a key request, in a project (default: the organisation's first) and of a kind: a
 * `personal` key belongs to the member who makes it (revoked on their removal), a `service` key to the project.
 */
export const CreateOrgKeyRequestSchema = CreateApiKeyRequestSchema.extend({
  projectId: uuid('projectId').optional(),
  kind: z.enum(['personal', 'service'], { error: 'kind must be personal or service' }).optional(),
}).meta({ id: 'CreateOrgKeyRequest' });
export type CreateOrgKeyRequest = z.infer<typeof CreateOrgKeyRequestSchema>;

/** `GET /api/orgs/:orgId/usage?days=&projectId=` and `GET /api/orgs/:orgId/audit?projectId=&limit=&offset=`. */
export const OrgUsageQuerySchema = z.strictObject({ days: queryInt('days', 7, 90).default(30), projectId: uuid('projectId').optional() }).meta({ id: 'OrgUsageQuery' });
export type OrgUsageQuery = z.output<typeof OrgUsageQuerySchema>;

export const OrgAuditQuerySchema = z
  .strictObject({ projectId: uuid('projectId').optional(), limit: queryInt('limit', 1, 500).default(100), offset: queryInt('offset', 0, 1_000_000).default(0) })
  .meta({ id: 'OrgAuditQuery' });
export type OrgAuditQuery = z.output<typeof OrgAuditQuerySchema>;
