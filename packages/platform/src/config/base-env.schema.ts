import { isIP } from 'node:net';
import { DEFAULT_PLANS, type PlanDefinition } from '@vigil/contracts';
import { z } from 'zod';

const port = (fallback: number) => z.coerce.number().int().min(1, 'must be a port number (1-65535)').max(65535, 'must be a port number (1-65535)').default(fallback);

const postgresUrl = z.string().refine((v) => /^postgres(ql)?:\/\/[^\s]+$/.test(v), 'must be a postgres:// or postgresql:// URL');

const redisUrl = z.string().refine((v) => /^rediss?:\/\/[^\s]+$/.test(v), 'must be a redis:// or rediss:// URL');

/** `TRUSTED_PROXIES`: comma-separated IPs or CIDR ranges. */
const ipList = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .refine(
    (list) =>
      list.every((e) => {
        const [ip, bits, extra] = e.split('/');
        const fam = isIP(ip);
        return fam !== 0 && extra === undefined && (bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (fam === 4 ? 32 : 128)));
      }),
    'must be a comma-separated list of IP addresses or CIDR ranges',
  );

const planSchema = z.object({
  id: z.string().regex(/^[a-z][a-z0-9-]{0,31}$/),
  name: z.string().min(1),
  rateLimit: z.object({ limit: z.number().int().positive(), windowSeconds: z.number().int().positive().max(86_400) }),
  monthlyQuota: z.number().int().positive(),
  maxKeys: z.number().int().positive(),
});

/** `VIGIL_PLANS`: a JSON array of plans replacing the built-in Free and Pro. */
const plans = z
  .string()
  .optional()
  .transform((v, ctx): PlanDefinition[] => {
    if (v === undefined) return [...DEFAULT_PLANS];
    try {
      const parsed = z.array(planSchema).min(1).safeParse(JSON.parse(v));
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: 'custom', message: `must be a JSON array of plans: ${parsed.error.issues[0]?.message}` });
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be valid JSON' });
    }
    return z.NEVER;
  });

/** Variables shared by every Vigil process. */
export const baseEnvShape = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: postgresUrl.optional(),
  VIGIL_DATA_DIR: z.string().default('./.vigil'),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: redisUrl.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  VIGIL_KEY_PREFIX: z
    .string()
    .regex(/^[a-z][a-z0-9]{1,15}$/, 'must match [a-z][a-z0-9]{1,15}')
    .default('vigil'),
  TRUSTED_PROXIES: ipList,
  VIGIL_PLANS: plans,
  /** Bearer token that opens `/metrics` on each app's own port; unset = not served there. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(10_000),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  HTTP_IDLE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
};

export const baseEnvSchema = z.object(baseEnvShape);
export type BaseConfig = z.infer<typeof baseEnvSchema>;

export { port as portSchema };

/** The connection limits of an app from its configuration (see `createVigilApp`). */
export function httpTimeouts(c: Pick<BaseConfig, 'HTTP_HEADERS_TIMEOUT_MS' | 'HTTP_REQUEST_TIMEOUT_MS' | 'HTTP_IDLE_TIMEOUT_MS'>): {
  headersMs: number;
  requestMs: number;
  idleMs: number;
} {
  return { headersMs: c.HTTP_HEADERS_TIMEOUT_MS, requestMs: c.HTTP_REQUEST_TIMEOUT_MS, idleMs: c.HTTP_IDLE_TIMEOUT_MS };
}
