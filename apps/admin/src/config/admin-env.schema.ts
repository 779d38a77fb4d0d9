import { baseEnvShape, portSchema } from '@vigil/platform';
import { z } from 'zod';

/** Environment of the admin process (and the operator CLI), validated once at boot. */
export const adminEnvSchema = z.object({
  ...baseEnvShape,
  ADMIN_PORT: portSchema(3001),
  /** Public URL of the API, shown in the dashboard's quickstart. */
  PUBLIC_API_URL: z.string().url('must be an absolute URL').optional(),
});

export type AdminConfig = z.infer<typeof adminEnvSchema>;
