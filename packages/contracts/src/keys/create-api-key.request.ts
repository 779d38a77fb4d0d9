import { z } from 'zod';
import { ScopeSchema } from '../scopes';
import { ipOrCidr, isoTime, text, uniqueList } from '../validation/field-rules';
import { RateLimitSchema } from './rate-limit.request';

/** `POST /api/keys` (and the operator CLI's `keys create`). */
export const CreateApiKeyRequestSchema = z
  .strictObject({
    label: text(100, 'label'),
    scopes: uniqueList(ScopeSchema, 'scopes').optional(),
    allowedIps: z.array(ipOrCidr(), { error: 'allowedIps must be an array' }).max(100, { error: 'at most 100 entries' }).optional(),
    rateLimit: RateLimitSchema.nullable().optional(),
    expiresAt: isoTime('expiresAt').nullable().optional(),
  })
  .meta({ id: 'CreateApiKeyRequest' });
export type CreateApiKeyRequest = z.infer<typeof CreateApiKeyRequestSchema>;
