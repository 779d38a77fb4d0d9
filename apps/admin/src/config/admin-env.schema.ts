import { baseEnvShape, portSchema } from '@vigil/platform';
import { z } from 'zod';
import { DEFAULT_WEBHOOK_RETRY_SCHEDULE, parseRetrySchedule } from '../webhooks/webhook-retry.policy';

const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? fallback : v === 'true' || v === '1'));

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
  /** Run the webhook delivery worker (and the `key.expiring` / `quota.threshold` sweeps) in this admin process. */
  VIGIL_WEBHOOKS_WORKER_ENABLED: flag(true),
  /** How often the worker looks for due deliveries. */
  VIGIL_WEBHOOKS_WORKER_INTERVAL_MS: z.coerce.number().int().min(50).max(600_000).default(5_000),
  /** How often the worker runs the `key.expiring` and `quota.threshold` sweeps. */
  VIGIL_WEBHOOKS_SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  /** Delays between attempts after a failed one (`1m,5m,30m,2h,6h,12h,24h`); when used up, the delivery fails. */
  VIGIL_WEBHOOKS_RETRY_SCHEDULE: z
    .string()
    .default(DEFAULT_WEBHOOK_RETRY_SCHEDULE)
    .transform((v, ctx) => {
      try {
        return parseRetrySchedule(v);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: `must be comma-separated delays such as 1m,5m,30m: ${(error as Error).message}` });
        return z.NEVER;
      }
    }),
  /** Time a receiver has to answer one delivery. */
  VIGIL_WEBHOOKS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /**
   * Allow endpoints on private and loopback addresses (and plain http to them): receivers on the same network, and
   * tests. Link-local and cloud metadata addresses stay refused.
   */
  VIGIL_WEBHOOKS_ALLOW_PRIVATE_TARGETS: flag(false),
  /** Lead time of the `key.expiring` webhook (at most one notice per key per week). */
  VIGIL_KEY_EXPIRY_WARNING_DAYS: z.coerce.number().int().min(1).max(90).default(7),
});

export type AdminConfig = z.infer<typeof adminEnvSchema>;
