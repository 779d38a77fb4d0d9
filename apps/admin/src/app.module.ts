import { type DynamicModule, Global, Module } from '@nestjs/common';
import { type AppHooks, DatabaseModule, HealthModule, RedisModule, loggerOptions } from '@vigil/platform';
import { LoggerModule } from 'nestjs-pino';
import { AdminCoreModule } from './admin-core.module';
import { ADMIN_CONFIG } from './config/admin-config.token';
import type { AdminConfig } from './config/admin-env.schema';

@Global()
@Module({})
export class AppModule {
  static forRoot(config: AdminConfig, hooks: AppHooks = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        LoggerModule.forRoot(loggerOptions({ service: 'admin', level: config.LOG_LEVEL, stream: hooks.logStream })),
        DatabaseModule.forRoot({ databaseUrl: config.DATABASE_URL, dataDir: config.VIGIL_DATA_DIR, poolSize: config.DB_POOL_SIZE, applicationName: 'vigil-admin' }),
        RedisModule.forRoot({ url: config.REDIS_URL }),
        HealthModule.forService('admin'),
        AdminCoreModule,
      ],
      providers: [{ provide: ADMIN_CONFIG, useValue: config }],
      exports: [ADMIN_CONFIG],
    };
  }
}
