import { type DynamicModule, Global, Module } from '@nestjs/common';
import { DatabaseModule, HealthModule, MetricsModule, RedisModule } from '@vigil/platform';
import { DiscoveryModule } from '@nestjs/core';
import { API_CONFIG } from './config/api-config.token';
import type { ApiConfig } from './config/api-env.schema';
import { CdsHooksModule } from './cds-hooks/cds-hooks.module';
import { DocsModule } from './docs/docs.module';
import { DrugsModule } from './drugs/drugs.module';
import { FhirModule } from './fhir/fhir.module';
import { InteractionsModule } from './interactions/interactions.module';
import { KnowledgeBaseModule } from './kb/knowledge-base.module';
import { KeyPolicyModule } from './keys/key-policy.module';
import { ApiMetricsRegistrar } from './metrics/api-metrics.registrar';

@Global()
@Module({})
export class AppModule {
  static forRoot(config: ApiConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        DatabaseModule.forRoot({ databaseUrl: config.DATABASE_URL, dataDir: config.VIGIL_DATA_DIR, poolSize: config.DB_POOL_SIZE, applicationName: 'vigil-api' }),
        RedisModule.forRoot({ url: config.REDIS_URL }),
        HealthModule.forService('api'),
        MetricsModule.forService('api'),
        KeyPolicyModule,
        KnowledgeBaseModule,
        InteractionsModule,
        DrugsModule,
        CdsHooksModule,
        FhirModule,
        DocsModule,
        // Lets the route manifest (tests, OpenAPI) enumerate controllers.
        DiscoveryModule,
      ],
      providers: [{ provide: API_CONFIG, useValue: config }, ApiMetricsRegistrar],
      exports: [API_CONFIG],
    };
  }
}
