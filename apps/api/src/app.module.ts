import { type DynamicModule, Global, Module } from '@nestjs/common';
import { type AppHooks, DatabaseModule, HealthModule, RedisModule, loggerOptions } from '@vigil/platform';
import { LoggerModule } from 'nestjs-pino';
import { API_CONFIG } from './config/api-config.token';
import type { ApiConfig } from './config/api-env.schema';
import { KeyPolicyModule } from './keys/key-policy.module';

@Global()
@Module({})
export class AppModule {
  static forRoot(config: ApiConfig, hooks: AppHooks = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        LoggerModule.forRoot(loggerOptions({ service: 'api', level: config.LOG_LEVEL, stream: hooks.logStream })),
        DatabaseModule.forRoot({ databaseUrl: config.DATABASE_URL, dataDir: config.VIGIL_DATA_DIR, poolSize: config.DB_POOL_SIZE, applicationName: 'vigil-api' }),
        RedisModule.forRoot({ url: config.REDIS_URL }),
        HealthModule.forService('api'),
        KeyPolicyModule,
      ],
      providers: [{ provide: API_CONFIG, useValue: config }],
      exports: [API_CONFIG],
    };
  }
}
