import type { IncomingMessage } from 'node:http';
import type { DynamicModule, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger } from 'nestjs-pino';
import { ProblemExceptionFilter } from '../errors/problem.filter';
import { createValidationPipe } from '../errors/validation-pipe.factory';
import { requestIdFor } from '../logging/request-id';

export interface CreateAppOptions {
  /** Maximum request body in bytes. */
  bodyLimit: number;
}

/** Builds a Nest application on Fastify with Vigil's logging, problem+json errors and request ids. */
export async function createVigilApp(module: DynamicModule | Type, options: CreateAppOptions): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    bodyLimit: options.bodyLimit,
    logger: false,
    trustProxy: false,
    genReqId: (raw: IncomingMessage) => requestIdFor(raw),
    routerOptions: { ignoreTrailingSlash: true },
  });
  const app = await NestFactory.create<NestFastifyApplication>(module, adapter, { bufferLogs: true, abortOnError: false });
  app.useLogger(app.get(Logger));
  app.useGlobalFilters(new ProblemExceptionFilter());
  app.useGlobalPipes(createValidationPipe());
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', requestIdFor(request.raw));
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
