import { Module } from '@nestjs/common';
import { CdsOverridesModule } from '../cds-overrides/cds-overrides.module';
import { InternalAdminModule } from '../internal-admin/internal-admin.module';
import { UsageModule } from '../usage/usage.module';
import { AdminOpenApiController } from './admin-openapi.controller';
import { ClientConfigController } from './client-config.controller';
import { ClientConfigService } from './client-config.service';
import { DashboardAssetsService } from './dashboard-assets.service';
import { DashboardController } from './dashboard.controller';
import { SecurityHeadersService } from './security-headers.service';

/**
 * The web dashboard: its static single-page app at `/`, `GET /api/config`, the admin API's `GET /openapi.json`, security headers for the whole admin
 * app, and the JSON endpoints only the dashboard needs (usage, CDS override report, internal admin).
 */
@Module({
  imports: [UsageModule, CdsOverridesModule, InternalAdminModule],
  controllers: [ClientConfigController, DashboardController, AdminOpenApiController],
  providers: [ClientConfigService, DashboardAssetsService, SecurityHeadersService],
})
export class DashboardModule {}
