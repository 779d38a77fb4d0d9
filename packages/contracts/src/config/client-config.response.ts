import { z } from 'zod';
import { PlanSchema } from '../accounts/account.response';

/** `GET /api/config`: what the dashboard needs to know about this deployment. Nothing secret. */
export const ClientConfigResponseSchema = z
  .object({
    apiUrl: z.string().describe('Base URL of the public API (`PUBLIC_API_URL`, else this host on the admin port − 1)'),
    apiUrlConfigured: z.boolean().describe('Whether `apiUrl` was configured (false = guessed)'),
    keyPrefix: z.string(),
    scopes: z.array(z.string()),
    plans: z.array(PlanSchema),
    trial: z.object({ plan: z.string(), days: z.int() }).nullable(),
    passwordMinLength: z.int(),
  })
  .meta({ id: 'ClientConfig' });
export type ClientConfigResponse = z.infer<typeof ClientConfigResponseSchema>;
