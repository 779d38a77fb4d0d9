import 'reflect-metadata';
import { createVigilApp, loadConfig, runMain } from '@vigil/platform';
import { AppModule } from './app.module';
import { adminEnvSchema } from './config/admin-env.schema';

runMain(async () => {
  const config = loadConfig(adminEnvSchema);
  const app = await createVigilApp(AppModule.forRoot(config), { bodyLimit: 256 * 1024, log: { service: 'admin', level: config.LOG_LEVEL } });
  await app.listen(config.ADMIN_PORT, config.HOST);
  process.stdout.write(`Vigil admin listening on http://${config.HOST}:${config.ADMIN_PORT}\n`);
});
