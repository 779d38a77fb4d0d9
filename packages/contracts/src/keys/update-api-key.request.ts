import { z } from 'zod';
import { isoTime, text, uniqueList } from '../validation/field-rules';
import { NO_SCOPE_MESSAGE, allowedIpsSchema } from './allowed-ips.rule';
import { ScopeSchema } from '../scopes';
import { RateLimitSchema } from './rate-limit.request';
import { UsageTagSchema } from '../usage/usage-tag';

/** `PATCH /api/keys/:id` (and the admin's `PATCH /api/admin/keys/:id`): any subset; `null` clears rateLimit/expiresAt/usageTag. */
export const UpdateApiKeyRequestSchema = z
  .strictObject({
    label: text(100, 'label').optional(),
    scopes: uniqueList(ScopeSchema, 'scopes').min(1, { error: NO_SCOPE_MESSAGE }).optional(),
    allowedIps: allowedIpsSchema().optional(),
    rateLimit: RateLimitSchema.nullable().optional(),
    expiresAt: isoTime('expiresAt').nullable().optional(),
    usageTag: UsageTagSchema.nullable().optional(),
  })
  .meta({ id: 'UpdateApiKeyRequest' });
export type UpdateApiKeyRequest = z.infer<typeof UpdateApiKeyRequestSchema>;
