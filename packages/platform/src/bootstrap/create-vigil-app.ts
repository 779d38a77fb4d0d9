import type { DynamicModule, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { LogController } from 'fastify';
import type { IncomingMessage } from 'node:http';
import pino from 'pino';
import { PROBLEM_CONTENT_TYPE, problemBody } from '../errors/problem-body';
import { ProblemExceptionFilter } from '../errors/problem.filter';

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i;
import { createValidationPipe } from '../errors/validation-pipe.factory';
import { type LoggerOptionsInput, pinoOptions } from '../logging/logger.options';
import { LazyRequestLogger } from '../logging/lazy-request.logger';
import { PinoNestLogger } from '../logging/pino-nest.logger';
import { requestIdFor } from '../logging/request-id';

export interface CreateAppOptions {
  /** Maximum request body in bytes. */
  bodyLimit: number;
  log: LoggerOptionsInput;
}

/**
 * Builds a Nest application on Fastify with Vigil's logging, problem+json errors and request ids.
 * Logging is Fastify's own pino (a child logger per request carrying `requestId`, one line per response):
 * measured here, a Nest middleware logger cost more than half of the throughput.
 */
export async function createVigilApp(module: DynamicModule | Type, options: CreateAppOptions): Promise<NestFastifyApplication> {
  const logger = pino(pinoOptions(options.log), options.log.stream ?? pino.destination({ dest: 1, sync: false }));
  const adapter = new FastifyAdapter({
    bodyLimit: options.bodyLimit,
    loggerInstance: logger,
    // One line per response from the onResponse hook below instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'requestId' }),
    trustProxy: false,
    genReqId: (raw: IncomingMessage) => requestIdFor(raw),
    childLoggerFactory: (parent: unknown, bindings: pino.Bindings, childOptions: pino.ChildLoggerOptions) => new LazyRequestLogger(parent as pino.Logger, bindings, childOptions) as never,
    routerOptions: { ignoreTrailingSlash: true },
  });
  const app = await NestFactory.create<NestFastifyApplication>(module, adapter, { bufferLogs: true, abortOnError: false });
  app.useLogger(new PinoNestLogger(logger));
  app.useGlobalFilters(new ProblemExceptionFilter());
  app.useGlobalPipes(createValidationPipe());
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    // Vigil APIs speak JSON only: a body of any other type is refused before parsing.
    const h = request.headers;
    const hasBody = (h['content-length'] !== undefined && h['content-length'] !== '0') || h['transfer-encoding'] !== undefined;
    if (hasBody && !JSON_TYPE.test(h['content-type'] ?? '')) {
      void reply.status(415).header('content-type', PROBLEM_CONTENT_TYPE).send(problemBody('UnsupportedMediaType', String(request.id), 'Send the request body as application/json.'));
      return;
    }
    done();
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    const level = reply.statusCode >= 500 ? 'error' : 'info';
    if (logger.isLevelEnabled(level)) request.log[level]({ req: request, res: reply.raw, responseTime: Math.round(reply.elapsedTime * 10) / 10 }, 'request completed');
    done();
  });
  app.enableShutdownHooks();
  watchLauncher(app);
  return app;
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
