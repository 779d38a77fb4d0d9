import { z } from 'zod';
import { ipOrCidr, isoTime, text, uniqueList } from '../validation/field-rules';
import { ScopeSchema } from '../scopes';
import { RateLimitSchema } from './rate-limit.request';

/** `PATCH /api/keys/:id` (and the admin's `PATCH /api/admin/keys/:id`): any subset; `null` clears rateLimit/expiresAt. */
export const UpdateApiKeyRequestSchema = z
  .strictObject({
    label: text(100, 'label').optional(),
    scopes: uniqueList(ScopeSchema, 'scopes').min(1, { error: 'a key needs at least one scope' }).optional(),
    allowedIps: z.array(ipOrCidr(), { error: 'allowedIps must be an array' }).max(100, { error: 'at most 100 entries' }).optional(),
    rateLimit: RateLimitSchema.nullable().optional(),
    expiresAt: isoTime('expiresAt').nullable().optional(),
  })
  .meta({ id: 'UpdateApiKeyRequest' });
export type UpdateApiKeyRequest = z.infer<typeof UpdateApiKeyRequestSchema>;
