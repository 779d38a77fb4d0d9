import { baseEnvShape, portSchema } from '@vigil/platform';
import { z } from 'zod';

/** Environment of the public API process, validated once at boot. */
export const apiEnvSchema = z.object({
  ...baseEnvShape,
  PORT: portSchema(3000),
  /** Browser origins allowed to call the API (comma-separated, `*` = any). Keys travel in a header, never cookies. */
  CORS_ORIGINS: z.string().default('*').transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean)),
  /** Source ids in precedence order for a pair's headline severity when sources disagree (curated first). */
  KB_SOURCE_PRECEDENCE: z.string().default('vigil-curated').transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean)),
  API_BODY_LIMIT: z.coerce.number().int().min(1024).max(10 * 1024 * 1024).default(64 * 1024),
});

export type ApiConfig = z.infer<typeof apiEnvSchema>;
