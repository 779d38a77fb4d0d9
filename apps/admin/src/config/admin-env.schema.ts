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
  /**
   * Base URL of the dashboard as users reach it, used in emailed links (never taken from a request's Host header,
   * which a client controls). Default: http://localhost:<ADMIN_PORT>.
   */
  ADMIN_PUBLIC_URL: z.string().url('must be an absolute URL').optional(),
  /**
   * Outgoing mail for email verification and password reset, e.g. smtps://user:pass@smtp.example.com:465 or
   * smtp://relay:587 (STARTTLS when offered). Unset = nothing is sent: each link goes to the admin app's log at warn
   * level and the operator CLI can verify an account or issue a reset link.
   */
  SMTP_URL: z
    .string()
    .refine((v) => /^smtps?:\/\/[^\s]+$/.test(v), 'must be an smtp:// or smtps:// URL')
    .optional(),
  /** Sender of Vigil's emails. */
  MAIL_FROM: z.string().min(3).default('Vigil <no-reply@localhost>'),
  /** Length of the higher-plan trial started at sign-up; 0 disables trials. */
  TRIAL_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  /** Plan a trial runs on. */
  TRIAL_PLAN: z.string().default('pro'),
  /** How often the admin app ends rolled keys whose successor is in use and that have been idle (and records elapsed graces). */
  KEY_ROTATION_SWEEP_MS: z.coerce.number().int().min(100).max(300_000).default(10_000),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(60),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(12),
  /**
   * GitHub secret scanning partner program: the reporter's public keys, as GitHub publishes them at
   * https://api.github.com/meta/public_keys/secret_scanning (the JSON document, or its `public_keys` array). Vigil
   * never fetches them. Unset = `POST /api/secret-scanning/github` answers 404.
   */
  SECRET_SCANNING_GITHUB_KEYS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return [];
      try {
        const doc = JSON.parse(v) as unknown;
        const list = Array.isArray(doc) ? doc : (doc as { public_keys?: unknown }).public_keys;
        if (!Array.isArray(list)) throw new Error('expected an array or { public_keys: [...] }');
        return list.map((k: { key_identifier?: unknown; key?: unknown }) => {
          if (typeof k.key_identifier !== 'string' || typeof k.key !== 'string') throw new Error('each key needs key_identifier and key (PEM)');
          return { id: k.key_identifier, pem: k.key };
        });
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: `must be GitHub's secret-scanning public keys JSON: ${(error as Error).message}` });
        return z.NEVER;
      }
    }),
});

export type AdminConfig = z.infer<typeof adminEnvSchema>;
