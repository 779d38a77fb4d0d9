import { type CreateAppOptions, httpTimeouts } from '@vigil/platform';
import type { AdminConfig } from './config/admin-env.schema';

/** How the admin app is built, the same for `main.ts` and the test harness; only where logs go differs. */
export function adminAppOptions(config: AdminConfig, log: Partial<CreateAppOptions['log']> = {}): CreateAppOptions {
  return {
    bodyLimit: 256 * 1024,
    rejectNulBytes: true,
    // The secret-scanning endpoint verifies the reporter's signature over the exact bytes it sent.
    rawBody: true,
    trustProxy: config.TRUSTED_PROXIES,
    timeouts: httpTimeouts(config),
    metrics: { token: config.METRICS_TOKEN, port: config.ADMIN_METRICS_PORT, host: config.HOST },
    log: { service: 'admin', level: config.LOG_LEVEL, format: config.LOG_FORMAT, ...log },
  };
}
