import type { DynamicModule, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { IncomingMessage } from 'node:http';
import pino from 'pino';
import pinoPretty from 'pino-pretty';
import { problemCodeOf, rememberProblemCode } from '../errors/problem-code';
import { PROBLEM_CONTENT_TYPE, problemBody } from '../errors/problem-body';
import { ProblemExceptionFilter } from '../errors/problem.filter';
import { RejectNulPipe } from '../errors/reject-nul.pipe';

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i;
import { type LoggerOptionsInput, pinoOptions } from '../logging/logger.options';
import { LazyRequestLogger } from '../logging/lazy-request.logger';
import { PinoNestLogger } from '../logging/pino-nest.logger';
import { requestIdFor } from '../logging/request-id';
import { handleClientError } from '../http/transport-refusal';
import { type MetricsExposureOptions, bearerMatches, startMetricsServer } from '../metrics/metrics.exposure';
import { VigilMetrics } from '../metrics/vigil.metrics';

export interface CreateAppOptions {
  /** Maximum request body in bytes. */
  bodyLimit: number;
  /** Larger (or smaller) body limits for particular routes, by path (e.g. a batch endpoint). */
  routeBodyLimits?: Readonly<Record<string, number>>;
  log: LoggerOptionsInput;
  /** Connection limits (defaults: {@link DEFAULT_TIMEOUTS}). */
  timeouts?: Partial<HttpTimeouts>;
  /**
   * Reverse proxies (IPs/CIDRs) whose `X-Forwarded-For` and `X-Forwarded-Proto` Fastify believes for `request.ip`
   * and `request.protocol`; empty = the socket peer and scheme.
   */
  trustProxy?: readonly string[];
  /** Refuse NUL characters in every body, query and parameter (apps whose input reaches PostgreSQL text). */
  rejectNulBytes?: boolean;
  /** Where `/metrics` is served, if anywhere (the app must import `MetricsModule`). */
  metrics?: MetricsExposureOptions;
  /** Keep each JSON body's bytes as `request.rawBody` (for routes that verify a signature over the exact body). */
  rawBody?: boolean;
}

/** How long a client may take: to send its headers, its whole request, or to stay silent on a connection. */
export interface HttpTimeouts {
  headersMs: number;
  requestMs: number;
  idleMs: number;
}

export const DEFAULT_TIMEOUTS: HttpTimeouts = { headersMs: 10_000, requestMs: 30_000, idleMs: 60_000 };

/**
 * Builds a Nest application on Fastify with Vigil's logging, problem+json errors and request ids.
 * Logging is Fastify's own pino (a child logger per request carrying `requestId`, one line per response):
 * measured here, a Nest middleware logger cost more than half of the throughput.
 */
export async function createVigilApp(module: DynamicModule | Type, options: CreateAppOptions): Promise<NestFastifyApplication> {
  const logger = pino(pinoOptions(options.log), options.log.stream ?? logDestination(options.log.format));
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const adapter = new FastifyAdapter({
    bodyLimit: options.bodyLimit,
    // A client that trickles its headers or body is cut off: the whole request must arrive within requestMs, the
    // headers within headersMs, and a connection that says nothing for idleMs is closed. Node checks the first
    // two every `connectionsCheckingInterval`, so that is kept short.
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: Math.min(72_000, timeouts.idleMs),
    http: { headersTimeout: Math.min(timeouts.headersMs, timeouts.requestMs), connectionsCheckingInterval: Math.min(1000, timeouts.headersMs) },
    // Refusals that never reach a route are problem+json too, with a request id, and never echo the request.
    clientErrorHandler: handleClientError,
    frameworkErrors: (error: Error & { code?: string }, request: FastifyRequest, reply: FastifyReply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      rememberProblemCode(request.raw, tooLong ? 'uri_too_long' : 'malformed_request');
      const detail = tooLong ? 'A path segment is too long.' : 'The request path is not a valid URL.';
      void reply
        .status(tooLong ? 414 : 400)
        .header('content-type', PROBLEM_CONTENT_TYPE)
        .header('x-request-id', String(request.id))
        .send(problemBody(tooLong ? 'UriTooLong' : 'MalformedRequest', String(request.id), detail));
    },
    loggerInstance: logger,
    // One line per response from the onResponse hook below instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'requestId' }),
    trustProxy: options.trustProxy?.length ? [...options.trustProxy] : false,
    genReqId: (raw: IncomingMessage) => requestIdFor(raw),
    childLoggerFactory: (parent: unknown, bindings: pino.Bindings, childOptions: pino.ChildLoggerOptions) =>
      new LazyRequestLogger(parent as pino.Logger, bindings, childOptions) as never,
    routerOptions: { ignoreTrailingSlash: true },
  });
  const app = await NestFactory.create<NestFastifyApplication>(module, adapter, { bufferLogs: true, abortOnError: false, rawBody: options.rawBody ?? false });
  app.useLogger(new PinoNestLogger(logger));
  app.useGlobalFilters(new ProblemExceptionFilter());
  // Inputs are parsed per parameter with contract schemas (`ValidBody`/`ValidQuery`/`ValidParams`); NUL bytes are refused first.
  if (options.rejectNulBytes) app.useGlobalPipes(new RejectNulPipe());
  const fastify = app.getHttpAdapter().getInstance();
  const routeLimits = options.routeBodyLimits ?? {};
  // Routes are registered at init, after this hook: it gives the named ones their own body limit.
  fastify.addHook('onRoute', (route) => {
    const limit = routeLimits[route.url];
    if (limit !== undefined) route.bodyLimit = limit;
  });
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    // Vigil APIs speak JSON only: a body of any other type is refused before parsing.
    const h = request.headers;
    const hasBody = (h['content-length'] !== undefined && h['content-length'] !== '0') || h['transfer-encoding'] !== undefined;
    if (hasBody && !JSON_TYPE.test(h['content-type'] ?? '')) {
      rememberProblemCode(request.raw, 'unsupported_media_type');
      void reply
        .status(415)
        .header('content-type', PROBLEM_CONTENT_TYPE)
        .send(problemBody('UnsupportedMediaType', String(request.id), 'Send the request body as application/json.'));
      return;
    }
    done();
  });
  const metrics = metricsOf(app);
  if (metrics) await exposeMetrics(app, metrics, options.metrics ?? {});
  fastify.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    if (metrics)
      metrics.observeRequest(
        request.method,
        request.routeOptions.url ?? '(unmatched)',
        status,
        status >= 400 ? (problemCodeOf(request.raw) ?? 'unknown') : '',
        reply.elapsedTime / 1000,
      );
    // Health probes (orchestrators, the launcher's readiness polls) would drown the log: debug unless they fail.
    // The path test only runs when an info line would be written at all.
    const level = status >= 500 ? 'error' : !logger.isLevelEnabled('info') ? 'info' : status < 400 && HEALTH_PATH.test(request.url) ? 'debug' : 'info';
    if (logger.isLevelEnabled(level)) {
      const line: Record<string, unknown> = { req: request, res: reply.raw, responseTime: Math.round(reply.elapsedTime * 10) / 10 };
      if (status >= 400) line.code = problemCodeOf(request.raw) ?? 'unknown';
      request.log[level](line, 'request completed');
    }
    done();
  });
  app.enableShutdownHooks();
  watchLauncher(app);
  return app;
}

function metricsOf(app: NestFastifyApplication): VigilMetrics | undefined {
  try {
    return app.get(VigilMetrics, { strict: false });
  } catch {
    return undefined;
  }
}

/**
 * `/metrics` is never public: on its own port (bind it privately), or on the app's port behind a bearer token, or
 * not at all. Registered on Fastify directly, outside Nest's guards and filters.
 */
async function exposeMetrics(app: NestFastifyApplication, metrics: VigilMetrics, options: MetricsExposureOptions): Promise<void> {
  const fastify = app.getHttpAdapter().getInstance();
  if (options.token) {
    const token = options.token;
    fastify.get('/metrics', async (request, reply) => {
      if (!bearerMatches(request.headers.authorization, token)) {
        rememberProblemCode(request.raw, 'unauthenticated');
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer')
          .header('content-type', PROBLEM_CONTENT_TYPE)
          .send(problemBody('Unauthenticated', String(request.id), 'Send the metrics token as Authorization: Bearer <token>.'));
      }
      return reply.header('content-type', metrics.contentType).send(await metrics.metrics());
    });
  }
  if (options.port) {
    const server = await startMetricsServer(metrics, options.port, options.host ?? '127.0.0.1');
    fastify.addHook('onClose', (_instance, done) => void server.close(() => done()));
  }
}

const HEALTH_PATH = /^\/(?:healthz|readyz)(?:[/?]|$)/;

/**
 * Where log lines go: JSON lines on stdout by default; readable lines (pino-pretty, in-process) when asked for or,
 * with `auto`, when stdout is a terminal.
 */
function logDestination(format: LoggerOptionsInput['format']): pino.DestinationStream {
  const pretty = format === 'pretty' || ((format ?? 'auto') === 'auto' && process.stdout.isTTY === true);
  if (pretty) return pinoPretty({ colorize: process.stdout.isTTY === true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', singleLine: true });
  return pino.destination({ dest: 1, sync: false });
}

/** When started by `npm start`, exit cleanly if the launcher disappears (no orphaned servers). */
function watchLauncher(app: NestFastifyApplication): void {
  const launcherPid = Number(process.env.VIGIL_LAUNCHER_PID);
  if (!Number.isInteger(launcherPid) || launcherPid <= 0) return;
  const timer = setInterval(() => {
    try {
      process.kill(launcherPid, 0);
    } catch {
      clearInterval(timer);
      void app.close().finally(() => process.exit(0));
    }
  }, 1000);
  timer.unref();
}
