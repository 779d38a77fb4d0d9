import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createTestDatabase, type TestDatabase } from '@vigil/db/testing';
import { LogCapture, createVigilApp, loadConfig } from '@vigil/platform';
import { ResponseConformance } from '@vigil/testing';
import { adminAppOptions } from '../../src/admin-app.options';
import { AppModule } from '../../src/app.module';
import { type AdminConfig, adminEnvSchema } from '../../src/config/admin-env.schema';

export interface RunningAdmin {
  app: NestFastifyApplication;
  url: string;
  db: TestDatabase;
  config: AdminConfig;
  logs: LogCapture;
  /** Every JSON response this app sent, checked against `ADMIN_ROUTES`; `close()` fails on a violation. */
  conformance: ResponseConformance;
  /** `METHOD /path` of every route the app registered (HEAD excluded). */
  routes: string[];
  close(): Promise<void>;
}

/** Log lines of the apps booted in this test file. */
const logs = new LogCapture();

/**
 * Boots the real admin app (dashboard, JSON API, session guard, helmet) in-process on a fresh test database and a
 * random port. Redis (login throttling) is used when REDIS_URL is set, as in production; pass `REDIS_URL: ''` for
 * in-memory counters. `port` 0 = any free port.
 */
export async function startAdmin(env: Record<string, string> = {}, existingDb?: TestDatabase, port = 0): Promise<RunningAdmin> {
  const db = existingDb ?? (await createTestDatabase());
  const config = loadConfig(adminEnvSchema, { NODE_ENV: 'test', LOG_LEVEL: 'warn', DATABASE_URL: db.url, REDIS_URL: process.env.REDIS_URL ?? '', ...env });
  const app = await createVigilApp(AppModule.forRoot(config), adminAppOptions(config, { stream: logs }));
  const conformance = ResponseConformance.forAdminApp();
  const routes: string[] = [];
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRoute', (r) => {
    for (const m of [r.method].flat()) if (m !== 'HEAD') routes.push(`${m} ${r.url}`);
  });
  fastify.addHook('onSend', async (req, reply, payload) => {
    conformance.check(req.method, req.routeOptions?.url, reply.statusCode, String(reply.getHeader('content-type') ?? ''), payload);
    return payload;
  });
  await app.listen(port, '127.0.0.1');
  const address = app.getHttpServer().address();
  const bound = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    url: `http://127.0.0.1:${bound}`,
    db,
    config,
    logs,
    conformance,
    routes,
    close: async () => {
      await app.close();
      if (!existingDb) await db.drop();
      conformance.assertConforming();
    },
  };
}
