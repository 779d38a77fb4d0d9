import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { AuditModule } from '../audit/audit.module';
import { CdsOverridesModule } from '../cds-overrides/cds-overrides.module';
import { KeysModule } from '../keys/keys.module';
import { AdminAccountsController } from './admin-accounts.controller';
import { AdminAccountsService } from './admin-accounts.service';
import { AdminAuditController } from './admin-audit.controller';
import { AdminCdsOverridesController } from './admin-cds-overrides.controller';
import { AdminKbController } from './admin-kb.controller';
import { AdminKeysController } from './admin-keys.controller';
import { AdminOrganisationsController } from './admin-organisations.controller';
import { AdminOrganisationsService } from './admin-organisations.service';
import { OrganisationsModule } from '../organisations/organisations.module';
import { AuditLogService } from './audit-log.service';
import { KbReleasesService } from './kb-releases.service';
import { KbStatusService } from './kb-status.service';

/** The operator's JSON API under `/api/admin` (role `admin`, enforced by the global session guard). */
@Module({
  imports: [AccountsModule, AuditModule, KeysModule, CdsOverridesModule, OrganisationsModule],
  controllers: [AdminAccountsController, AdminKeysController, AdminAuditController, AdminKbController, AdminCdsOverridesController, AdminOrganisationsController],
  providers: [AdminAccountsService, AdminOrganisationsService, AuditLogService, KbStatusService, KbReleasesService],
})
export class InternalAdminModule {}
