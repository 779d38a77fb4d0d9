import { Module } from '@nestjs/common';
import { CdsOverrideReportService } from './cds-override-report.service';
import { CdsOverridesController } from './cds-overrides.controller';

/** The CDS Hooks override report: the account holder's `/api/cds/overrides`, and the service the internal admin and the CLI share. */
@Module({
  controllers: [CdsOverridesController],
  providers: [CdsOverrideReportService],
  exports: [CdsOverrideReportService],
})
export class CdsOverridesModule {}
