import { z } from 'zod';

/** Longest grace period of a rolled key: 7 days. */
export const MAX_ROTATION_GRACE_SECONDS = 604_800;
/** Default idle time after which a rolled key whose successor is in use is ended early: 1 h. */
export const DEFAULT_ROTATION_IDLE_SECONDS = 3600;

/**
 * `POST /api/keys/:id/roll` (and the admin's `POST /api/admin/keys/:id/roll`, the CLI's `keys roll`). The old key stays
 * valid for `gracePeriodSeconds` (0 = revoked at once), ending early once the successor has been used and the old key
 * has been idle `idleSeconds`.
 */
export const RollApiKeyRequestSchema = z
  .strictObject({
    gracePeriodSeconds: z
      .int({ error: 'gracePeriodSeconds must be an integer' })
      .min(0, { error: 'gracePeriodSeconds must be at least 0' })
      .max(MAX_ROTATION_GRACE_SECONDS, { error: `gracePeriodSeconds must be at most ${MAX_ROTATION_GRACE_SECONDS} (7 days)` }),
    idleSeconds: z
      .int({ error: 'idleSeconds must be an integer' })
      .min(60, { error: 'idleSeconds must be at least 60' })
      .max(86_400, { error: 'idleSeconds must be at most 86400' })
      .optional(),
  })
  .meta({ id: 'RollApiKeyRequest' });
export type RollApiKeyRequest = z.infer<typeof RollApiKeyRequestSchema>;
