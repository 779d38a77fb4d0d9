import { type CreateAppOptions, httpTimeouts } from '@vigil/platform';
import type { ApiConfig } from './config/api-env.schema';

/** How the API is built, the same for `main.ts` and the test harness; only where logs go differs. */
export function apiAppOptions(config: ApiConfig, log: Partial<CreateAppOptions['log']> = {}): CreateAppOptions {
  return {
    bodyLimit: config.API_BODY_LIMIT,
    routeBodyLimits: {
      '/v1/interactions/check-batch': config.API_BATCH_BODY_LIMIT,
      '/cds-services/:id': config.API_CDS_BODY_LIMIT,
      '/fhir/r4/$check-interactions': config.API_CDS_BODY_LIMIT,
    },
    timeouts: httpTimeouts(config),
    metrics: { token: config.METRICS_TOKEN, port: config.METRICS_PORT, host: config.HOST },
    log: { service: 'api', level: config.LOG_LEVEL, format: config.LOG_FORMAT, ...log },
  };
}
