import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import {
  ACCOUNT_QUOTA,
  PROJECT_QUOTA,
  API_KEY_PRINCIPALS,
  ApiKeyAuthGuard,
  ApiKeyStatusGuard,
  CDS_JWT_PRINCIPALS,
  CidrRange,
  IpAllowlistGuard,
  KEY_POLICY_OPTIONS,
  KEY_THROTTLER,
  KeyPipelineGuard,
  KeyRateLimitGuard,
  RedisWindowStorage,
  ScopesGuard,
  USAGE_RECORDER,
  WindowCounterStorage,
} from '@vigil/auth';
import { REDIS } from '@vigil/platform';
import type { Redis } from 'ioredis';
import { API_CONFIG } from '../config/api-config.token';
import type { ApiConfig } from '../config/api-env.schema';
import { CdsClientDirectory } from '../cds-hooks/cds-client.directory';
import { CdsJwtAuthenticator } from '../cds-hooks/cds-jwt.authenticator';
import { AccountQuotaService } from './account-quota.service';
import { ProjectQuotaService } from './project-quota.service';
import { ApiKeyPrincipalService } from './api-key-principal.service';
import { KeyController } from './key.controller';
import { KeyEventsListener } from './key-events.listener';
import { PlanCatalog } from './plan-catalog';
import { UsageRecorderService } from './usage-recorder.service';

/**
 * The key policy: one global guard running five steps in one fixed order — identity, validity, network,
 * authorisation, then the monthly quota and the rate limit — so every route is protected by default and a call
 * rejected early never spends quota.
 */
@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [REDIS],
      useFactory: (redis: Redis | null) => ({
        // Limit and window come from each key (see KeyRateLimitGuard); these are placeholders the guard overrides.
        throttlers: [{ name: KEY_THROTTLER, limit: 1, ttl: 1000, setHeaders: false }],
        storage: redis ? new RedisWindowStorage(redis) : new WindowCounterStorage(),
      }),
    }),
  ],
  controllers: [KeyController],
  providers: [
    { provide: PlanCatalog, inject: [API_CONFIG], useFactory: (c: ApiConfig) => new PlanCatalog(c.VIGIL_PLANS) },
    {
      provide: KEY_POLICY_OPTIONS,
      inject: [API_CONFIG],
      useFactory: (c: ApiConfig) => ({ keyPrefix: c.VIGIL_KEY_PREFIX, trustedProxies: c.TRUSTED_PROXIES.map((p) => CidrRange.parse(p)!) }),
    },
    ApiKeyPrincipalService,
    { provide: API_KEY_PRINCIPALS, useExisting: ApiKeyPrincipalService },
    UsageRecorderService,
    { provide: USAGE_RECORDER, useExisting: UsageRecorderService },
    AccountQuotaService,
    { provide: ACCOUNT_QUOTA, useExisting: AccountQuotaService },
    ProjectQuotaService,
    { provide: PROJECT_QUOTA, useExisting: ProjectQuotaService },
    CdsClientDirectory,
    CdsJwtAuthenticator,
    { provide: CDS_JWT_PRINCIPALS, useExisting: CdsJwtAuthenticator },
    KeyEventsListener,
    // The five steps of the key policy, run in order by one global guard (KeyPipelineGuard).
    ApiKeyAuthGuard,
    ApiKeyStatusGuard,
    IpAllowlistGuard,
    ScopesGuard,
    KeyRateLimitGuard,
    { provide: APP_GUARD, useClass: KeyPipelineGuard },
  ],
  exports: [ApiKeyPrincipalService, UsageRecorderService, AccountQuotaService, ProjectQuotaService],
})
export class KeyPolicyModule {}
