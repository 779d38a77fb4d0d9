import { baseEnvShape, portSchema } from '@vigil/platform';
import { z } from 'zod';

/** Environment of the public API process, validated once at boot. */
export const apiEnvSchema = z.object({
  ...baseEnvShape,
  PORT: portSchema(3000),
  /** Serve Prometheus metrics on this separate port (bind HOST privately or firewall it); unset = no metrics port. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Browser origins allowed to call the API (comma-separated, `*` = any). Keys travel in a header, never cookies. */
  CORS_ORIGINS: z
    .string()
    .default('*')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  /** Source ids in precedence order for a pair's headline severity when sources disagree (curated first). */
  KB_SOURCE_PRECEDENCE: z
    .string()
    .default('vigil-curated')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  API_BODY_LIMIT: z.coerce
    .number()
    .int()
    .min(1024)
    .max(10 * 1024 * 1024)
    .default(64 * 1024),
  /** Body limit of `POST /v1/interactions/check-batch` (up to 100 lists, 2,000 drugs). */
  API_BATCH_BODY_LIMIT: z.coerce
    .number()
    .int()
    .min(1024)
    .max(10 * 1024 * 1024)
    .default(1024 * 1024),
  /** Body limit of a CDS Hooks call (`POST /cds-services/{id}`): draft orders plus prefetched medication bundles. */
  API_CDS_BODY_LIMIT: z.coerce
    .number()
    .int()
    .min(1024)
    .max(20 * 1024 * 1024)
    .default(2 * 1024 * 1024),
  /**
   * The API's public base URL (e.g. `https://vigil.example.org`). A CDS Hooks JWT's `aud` must equal this base plus the
   * service path; unset = the URL the request reached (scheme and host as Fastify sees them behind trusted proxies).
   */
  PUBLIC_API_URL: z.url('must be an absolute URL').optional(),
  /** Load shedding: above this event-loop delay (ms) requests get 503 with Retry-After (health routes exempt); 0 = off. */
  API_SHED_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** Load shedding: above this event-loop utilisation (0–1) requests get 503; 0 = off (the default: delay is the signal). */
  API_SHED_EVENT_LOOP_UTILIZATION: z.coerce.number().min(0).max(1).default(0),
  /** Retry-After (seconds) of a shed request. */
  API_SHED_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
});

export type ApiConfig = z.infer<typeof apiEnvSchema>;
