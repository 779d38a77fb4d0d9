import { z } from 'zod';
import { ScopeSchema } from '../scopes';

const Limit = z.object({ limit: z.int(), windowSeconds: z.int() });

/** A key as the admin API shows it: never the key, only its hint. */
export const ApiKeyResponseSchema = z
  .object({
    id: z.string(),
    label: z.string(),
    hint: z.string().describe('Display hint: prefix and last characters'),
    status: z.enum(['active', 'revoked', 'expired']),
    scopes: z.array(ScopeSchema),
    allowedIps: z.array(z.string()),
    rateLimit: Limit.nullable().describe('The key’s own limit; null = the plan’s'),
    effectiveRateLimit: Limit,
    expiresAt: z.string().nullable(),
    usageTag: z.string().nullable().describe('Default usage tag of calls that send no `x-vigil-tag`'),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
  })
  .meta({ id: 'ApiKey' });
export type ApiKeyResponse = z.infer<typeof ApiKeyResponseSchema>;

/** The one response that carries the full key; sent once with `Cache-Control: no-store`. */
export const CreatedApiKeyResponseSchema = ApiKeyResponseSchema.extend({ key: z.string() }).meta({ id: 'CreatedApiKey' });
export type CreatedApiKeyResponse = z.infer<typeof CreatedApiKeyResponseSchema>;

/** `GET /api/keys`. */
export const ApiKeyListResponseSchema = z.object({ keys: z.array(ApiKeyResponseSchema) }).meta({ id: 'ApiKeyList' });
export type ApiKeyListResponse = z.infer<typeof ApiKeyListResponseSchema>;
