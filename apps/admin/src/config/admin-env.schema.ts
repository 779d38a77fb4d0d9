import { baseEnvShape, portSchema } from '@vigil/platform';
import { z } from 'zod';

/** Environment of the admin process (and the operator CLI), validated once at boot. */
export const adminEnvSchema = z.object({
  ...baseEnvShape,
  ADMIN_PORT: portSchema(3001),
  /** Serve the admin app's Prometheus metrics on this separate port; unset = no metrics port. */
  ADMIN_METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Public URL of the API, shown in the dashboard's quickstart. */
  PUBLIC_API_URL: z.string().url('must be an absolute URL').optional(),
  /** Length of the higher-plan trial started at sign-up; 0 disables trials. */
  TRIAL_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  /** Plan a trial runs on. */
  TRIAL_PLAN: z.string().default('pro'),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(7 * 24 * 60).default(60),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).max(24 * 90).default(12),
});

export type AdminConfig = z.infer<typeof adminEnvSchema>;
