import { z } from 'zod';
import { ScopeSchema } from '../scopes';

export const KeyDescriptionSchema = z
  .object({
    id: z.string().describe('Key id (not the key)'),
    hint: z.string().describe('Display hint: prefix and last characters'),
    scopes: z.array(ScopeSchema).describe('Scopes the key carries'),
    allowedIps: z.array(z.string()).describe('IP addresses and CIDR ranges the key may be used from; empty = any'),
    rateLimit: z
      .object({ limit: z.int().min(1).describe('Requests per window'), windowSeconds: z.int().min(1).describe('Window length in seconds') })
      .describe('The key’s rate limit'),
    expiresAt: z.string().nullable().describe('Expiry (ISO 8601), null when the key does not expire'),
  })
  .meta({ id: 'KeyDescription', description: 'The calling key (never the key itself).' });
export type KeyDescription = z.infer<typeof KeyDescriptionSchema>;
