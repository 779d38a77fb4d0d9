import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createTestDatabase, type TestDatabase } from '@vigil/db/testing';
import { LogCapture, createVigilApp, loadConfig } from '@vigil/platform';
import { apiAppOptions } from '../../src/api-app.options';
import { ResponseConformance } from '@vigil/testing';
import { AppModule } from '../../src/app.module';
import { configureApi } from '../../src/configure-api';
import { type ApiConfig, apiEnvSchema } from '../../src/config/api-env.schema';

export interface RunningApi {
  app: NestFastifyApplication;
  url: string;
  db: TestDatabase;
  logs: LogCapture;
  config: ApiConfig;
  /** Every response this app sent, checked against the contracts; `close()` fails on a violation. */
  conformance: ResponseConformance;
  close(): Promise<void>;
}

/**
 * Boots the real API on a fresh test database and a random port. Load shedding is off unless the test sets
 * `API_SHED_EVENT_LOOP_DELAY_MS` (load-shedding.e2e-spec does): a full run on two cores, with Chromium beside it,
 * has stalled a suite's event loop past the 1 s production threshold right after start, and its first call came
 * back 503 (seen in monthly-quota and docs-browser). Shedding is behaviour under test in its own suite only.
 */
export async function startApi(env: Record<string, string> = {}, existingDb?: TestDatabase): Promise<RunningApi> {
  const db = existingDb ?? (await createTestDatabase());
  const logs = new LogCapture();
  const config = loadConfig(apiEnvSchema, {
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATABASE_URL: db.url,
    REDIS_URL: process.env.REDIS_URL ?? '',
    API_SHED_EVENT_LOOP_DELAY_MS: '0',
    ...env,
  });
  const app = await createVigilApp(AppModule.forRoot(config), apiAppOptions(config, { stream: logs }));
  configureApi(app, config);
  const conformance = ResponseConformance.forPublicApi();
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onSend', async (req, reply, payload) => {
      conformance.check(req.method, req.routeOptions?.url, reply.statusCode, String(reply.getHeader('content-type') ?? ''), payload);
      return payload;
    });
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    db,
    logs,
    config,
    conformance,
    close: async () => {
      await app.close();
      if (!existingDb) await db.drop();
      conformance.assertConforming();
    },
  };
}
