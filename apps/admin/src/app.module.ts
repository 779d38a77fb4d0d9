import { type DynamicModule, Global, Module } from '@nestjs/common';
import { DatabaseModule, HealthModule, MetricsModule, RedisModule } from '@vigil/platform';
import { AccountsModule } from './accounts/accounts.module';
import { OrganisationsModule } from './organisations/organisations.module';
import { KeysModule } from './keys/keys.module';
import { KeyRotationModule } from './keys/key-rotation.module';
import { SessionsModule } from './sessions/sessions.module';
import { DashboardModule } from './dashboard/dashboard.module';
import { WebhooksModule } from './webhooks/webhooks.module';
import { ADMIN_CONFIG } from './config/admin-config.token';
import type { AdminConfig } from './config/admin-env.schema';

@Global()
@Module({})
export class AppModule {
  static forRoot(config: AdminConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        DatabaseModule.forRoot({ databaseUrl: config.DATABASE_URL, dataDir: config.VIGIL_DATA_DIR, poolSize: config.DB_POOL_SIZE, applicationName: 'vigil-admin' }),
        RedisModule.forRoot({ url: config.REDIS_URL }),
        HealthModule.forService('admin'),
        MetricsModule.forService('admin'),
        AccountsModule,
        SessionsModule,
        KeysModule,
        KeyRotationModule,
        OrganisationsModule,
        WebhooksModule,
        DashboardModule,
      ],
      providers: [{ provide: ADMIN_CONFIG, useValue: config }],
      exports: [ADMIN_CONFIG],
    };
  }
}
