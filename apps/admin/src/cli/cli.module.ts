import { type DynamicModule, Global, Module } from '@nestjs/common';
import { DatabaseModule, RedisModule } from '@vigil/platform';
import { AccountsModule } from '../accounts/accounts.module';
import { CdsOverridesModule } from '../cds-overrides/cds-overrides.module';
import { OrganisationsModule } from '../organisations/organisations.module';
import { KeysModule } from '../keys/keys.module';
import { UsageModule } from '../usage/usage.module';
import { ADMIN_CONFIG } from '../config/admin-config.token';
import type { AdminConfig } from '../config/admin-env.schema';

/** The admin services without HTTP, for the operator CLI (same database as the running server). */
@Global()
@Module({})
export class CliModule {
  static forRoot(config: AdminConfig): DynamicModule {
    return {
      module: CliModule,
      imports: [
        DatabaseModule.forRoot({ databaseUrl: config.DATABASE_URL, dataDir: config.VIGIL_DATA_DIR, poolSize: 2, applicationName: 'vigil-cli' }),
        RedisModule.forRoot({}),
        AccountsModule,
        KeysModule,
        OrganisationsModule,
        CdsOverridesModule,
        UsageModule,
      ],
      providers: [{ provide: ADMIN_CONFIG, useValue: config }],
      exports: [ADMIN_CONFIG],
    };
  }
}
