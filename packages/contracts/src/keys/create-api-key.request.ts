import { z } from 'zod';
import { ScopeSchema } from '../scopes';
import { isoTime, text, uniqueList } from '../validation/field-rules';
import { NO_SCOPE_MESSAGE, allowedIpsSchema } from './allowed-ips.rule';
import { RateLimitSchema } from './rate-limit.request';
import { UsageTagSchema } from '../usage/usage-tag';

/** `POST /api/keys` (and the operator CLI's `keys create`). */
export const CreateApiKeyRequestSchema = z
  .strictObject({
    label: text(100, 'label'),
    scopes: uniqueList(ScopeSchema, 'scopes').min(1, { error: NO_SCOPE_MESSAGE }).optional(),
    allowedIps: allowedIpsSchema().optional(),
    rateLimit: RateLimitSchema.nullable().optional(),
    expiresAt: isoTime('expiresAt').nullable().optional(),
    usageTag: UsageTagSchema.nullable().optional(),
  })
  .meta({ id: 'CreateApiKeyRequest' });
export type CreateApiKeyRequest = z.infer<typeof CreateApiKeyRequestSchema>;
