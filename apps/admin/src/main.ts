import 'reflect-metadata';
import { createVigilApp, loadConfig, runMain } from '@vigil/platform';
import { adminAppOptions } from './admin-app.options';
import { AppModule } from './app.module';
import { adminEnvSchema } from './config/admin-env.schema';

runMain(async () => {
  const config = loadConfig(adminEnvSchema);
  const app = await createVigilApp(AppModule.forRoot(config), adminAppOptions(config));
  await app.listen(config.ADMIN_PORT, config.HOST);
  process.stdout.write(`Vigil admin listening on http://${config.HOST}:${config.ADMIN_PORT}\n`);
});
