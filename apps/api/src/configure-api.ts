import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ApiConfig } from './config/api-env.schema';

/** HTTP settings of the API shared by `main.ts` and the tests: CORS for browser clients (dashboard playground). */
export function configureApi(app: NestFastifyApplication, config: ApiConfig): void {
  const any = config.CORS_ORIGINS.includes('*');
  app.enableCors({
    // Only browser requests (with an Origin header) get CORS headers; server-to-server calls carry none of them.
    origin: (origin: string | undefined, cb: (err: Error | null, allow: boolean | string) => void) => cb(null, !origin ? false : any ? '*' : config.CORS_ORIGINS.includes(origin) ? origin : false),
    methods: ['GET', 'POST'],
    allowedHeaders: ['x-api-key', 'content-type', 'x-request-id'],
    exposedHeaders: ['x-request-id', 'server-timing', 'ratelimit', 'ratelimit-policy', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'retry-after'],
    maxAge: 600,
  });
}
