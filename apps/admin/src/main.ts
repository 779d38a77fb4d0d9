import 'reflect-metadata';
import { createVigilApp, httpTimeouts, loadConfig, runMain } from '@vigil/platform';
import { AppModule } from './app.module';
import { adminEnvSchema } from './config/admin-env.schema';

runMain(async () => {
  const config = loadConfig(adminEnvSchema);
  const app = await createVigilApp(AppModule.forRoot(config), {
    bodyLimit: 256 * 1024,
    rejectNulBytes: true,
    trustProxy: config.TRUSTED_PROXIES,
    timeouts: httpTimeouts(config),
    metrics: { token: config.METRICS_TOKEN, port: config.ADMIN_METRICS_PORT, host: config.HOST },
    log: { service: 'admin', level: config.LOG_LEVEL, format: config.LOG_FORMAT },
  });
  await app.listen(config.ADMIN_PORT, config.HOST);
  process.stdout.write(`Vigil admin listening on http://${config.HOST}:${config.ADMIN_PORT}\n`);
});
