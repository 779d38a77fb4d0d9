import underPressure from '@fastify/under-pressure';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { FHIR_JSON_CONTENT_TYPE } from '@vigil/contracts';
import { PROBLEM_CONTENT_TYPE, problemBody, rememberProblemCode } from '@vigil/platform';
import type { ApiConfig } from './config/api-env.schema';

const EXPOSED = 'x-request-id, server-timing, ratelimit, ratelimit-policy, x-ratelimit-limit, x-ratelimit-remaining, x-ratelimit-reset, retry-after';

/**
 * HTTP settings of the API shared by `main.ts` and the tests: CORS for browser clients (the dashboard playground).
 * A small onRequest hook instead of a CORS plugin: measured here, the plugin cost ~20 % of key-pipeline throughput,
 * and only browser requests (those with an Origin header) need any of it.
 */
export function configureApi(app: NestFastifyApplication, config: ApiConfig): void {
  shedUnderPressure(app, config);
  acceptFhirJson(app);
  const any = config.CORS_ORIGINS.includes('*');
  const allowed = new Set(config.CORS_ORIGINS);
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', (request, reply, done) => {
      const origin = request.headers.origin;
      if (!origin || (!any && !allowed.has(origin))) return done(); // no CORS headers: the browser refuses
      reply.header('access-control-allow-origin', any ? '*' : origin);
      if (!any) reply.header('vary', 'Origin');
      if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
        void reply
          .header('access-control-allow-methods', 'GET, POST')
          .header('access-control-allow-headers', 'x-api-key, content-type, x-request-id, x-vigil-tag')
          .header('access-control-max-age', '600')
          .status(204)
          .send();
        return;
      }
      reply.header('access-control-expose-headers', EXPOSED);
      done();
    });
}

/**
 * FHIR clients send `application/fhir+json`: parsed exactly as `application/json` (Fastify's own parser, with its
 * prototype-poisoning protection and the route's body limit).
 */
function acceptFhirJson(app: NestFastifyApplication): void {
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addContentTypeParser(FHIR_JSON_CONTENT_TYPE, { parseAs: 'string' }, fastify.getDefaultJsonParser('error', 'error'));
}

/** Health routes answer even under pressure: an orchestrator must see the process alive and busy, not dead. */
const EXEMPT = /^\/(?:healthz|readyz)(?:[/?]|$)/;

/**
 * Load shedding with `@fastify/under-pressure` (maintained by the Fastify team): when the event loop is delayed past
 * `API_SHED_EVENT_LOOP_DELAY_MS` (or busier than `API_SHED_EVENT_LOOP_UTILIZATION`), new requests are refused at once
 * with 503 problem+json `service_unavailable` and `Retry-After`, instead of queueing behind the work that stalls it.
 */
function shedUnderPressure(app: NestFastifyApplication, config: ApiConfig): void {
  if (config.API_SHED_EVENT_LOOP_DELAY_MS === 0 && config.API_SHED_EVENT_LOOP_UTILIZATION === 0) return;
  const retryAfter = config.API_SHED_RETRY_AFTER_SECONDS;
  void app
    .getHttpAdapter()
    .getInstance()
    .register(underPressure, {
      maxEventLoopDelay: config.API_SHED_EVENT_LOOP_DELAY_MS,
      maxEventLoopUtilization: config.API_SHED_EVENT_LOOP_UTILIZATION,
      retryAfter,
      pressureHandler: (request, reply) => {
        if (EXEMPT.test(request.url)) return undefined;
        rememberProblemCode(request.raw, 'service_unavailable');
        void reply.status(503).header('retry-after', String(retryAfter)).header('content-type', PROBLEM_CONTENT_TYPE);
        // The plugin sends what the handler returns (its types say void; its code says `reply.send(result)`).
        return problemBody('ServiceUnavailable', String(request.id), `The service is overloaded; retry after ${retryAfter} seconds.`) as unknown as void;
      },
    });
}
