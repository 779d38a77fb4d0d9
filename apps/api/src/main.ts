import 'reflect-metadata';
import { createVigilApp, loadConfig, runMain } from '@vigil/platform';
import { apiAppOptions } from './api-app.options';
import { AppModule } from './app.module';
import { configureApi } from './configure-api';
import { apiEnvSchema } from './config/api-env.schema';

runMain(async () => {
  const config = loadConfig(apiEnvSchema);
  const app = await createVigilApp(AppModule.forRoot(config), apiAppOptions(config));
  configureApi(app, config);
  await app.listen(config.PORT, config.HOST);
  process.stdout.write(`Vigil API listening on http://${config.HOST}:${config.PORT}\n`);
});
