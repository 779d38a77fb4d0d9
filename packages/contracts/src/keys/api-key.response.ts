import { z } from 'zod';
import { ScopeSchema } from '../scopes';

const Limit = z.object({ limit: z.int(), windowSeconds: z.int() });

/**
 * A key's part in a roll. On the old key: `successorId` set; on the successor: `predecessorId` set (and the fields
 * describe the predecessor's grace). A key that was rolled to and then rolled again describes its own (outgoing) roll.
 */
export const ApiKeyRotationSchema = z
  .object({
    state: z.enum(['grace', 'ended']).describe('grace: the old key still works until `graceEndsAt`; ended: it no longer does'),
    successorId: z.string().nullable(),
    predecessorId: z.string().nullable(),
    graceEndsAt: z.string().describe('Latest time the old key works'),
    idleSeconds: z.int().describe('The old key ends early once the successor is used and the old key has been idle this long'),
    endedAt: z.string().nullable(),
    endedReason: z.enum(['grace_elapsed', 'idle_after_successor_use', 'revoked']).nullable(),
  })
  .meta({ id: 'ApiKeyRotation' });
export type ApiKeyRotation = z.infer<typeof ApiKeyRotationSchema>;

/** A key as the admin API shows it: never the key, only its hint. */
export const ApiKeyResponseSchema = z
  .object({
    id: z.string(),
    label: z.string(),
    hint: z.string().describe('Display hint: prefix and last characters'),
    organisationId: z.string(),
    projectId: z.string(),
    kind: z.enum(['personal', 'service']).describe('personal: revoked when its maker leaves the organisation; service: belongs to the project'),
    createdBy: z.string().describe('Account id of the member who made the key'),
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
    rotation: ApiKeyRotationSchema.nullable().describe('Key rotation (roll) this key takes part in; null = none'),
  })
  .meta({ id: 'ApiKey' });
export type ApiKeyResponse = z.infer<typeof ApiKeyResponseSchema>;

/** The one response that carries the full key; sent once with `Cache-Control: no-store`. */
export const CreatedApiKeyResponseSchema = ApiKeyResponseSchema.extend({ key: z.string() }).meta({ id: 'CreatedApiKey' });
export type CreatedApiKeyResponse = z.infer<typeof CreatedApiKeyResponseSchema>;

/** `GET /api/keys`. */
export const ApiKeyListResponseSchema = z.object({ keys: z.array(ApiKeyResponseSchema) }).meta({ id: 'ApiKeyList' });
export type ApiKeyListResponse = z.infer<typeof ApiKeyListResponseSchema>;

/** `POST /api/keys/:id/roll`: the successor, with its full key shown once, and the old key as it now stands. */
export const RolledApiKeyResponseSchema = z.object({ successor: CreatedApiKeyResponseSchema, previous: ApiKeyResponseSchema }).meta({ id: 'RolledApiKey' });
export type RolledApiKeyResponse = z.infer<typeof RolledApiKeyResponseSchema>;
