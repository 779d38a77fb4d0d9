import 'reflect-metadata';
import { createVigilApp, httpTimeouts, loadConfig, runMain } from '@vigil/platform';
import { AppModule } from './app.module';
import { configureApi } from './configure-api';
import { apiEnvSchema } from './config/api-env.schema';

runMain(async () => {
  const config = loadConfig(apiEnvSchema);
  const app = await createVigilApp(AppModule.forRoot(config), {
    bodyLimit: config.API_BODY_LIMIT,
    timeouts: httpTimeouts(config),
    metrics: { token: config.METRICS_TOKEN, port: config.METRICS_PORT, host: config.HOST },
    log: { service: 'api', level: config.LOG_LEVEL, format: config.LOG_FORMAT },
  });
  configureApi(app, config);
  await app.listen(config.PORT, config.HOST);
  process.stdout.write(`Vigil API listening on http://${config.HOST}:${config.PORT}\n`);
});
