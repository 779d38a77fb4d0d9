import { Controller, Get } from '@nestjs/common';
import { AdminCdsOverridesQuerySchema, type AdminCdsOverridesQuery } from '@vigil/contracts';
import { ValidQuery } from '@vigil/platform';
import { CdsOverrideReportService, OVERRIDE_ROW_LIMITS } from '../cds-overrides/cds-override-report.service';
import { Roles } from '../sessions/roles.decorator';

/** `GET /api/admin/cds/overrides?by=rule|account&days=&accountId=`: CDS Hooks card feedback across accounts. Internal admins only. */
@Roles('admin')
@Controller('api/admin/cds/overrides')
export class AdminCdsOverridesController {
  constructor(private readonly report: CdsOverrideReportService) {}

  @Get()
  get(@ValidQuery(AdminCdsOverridesQuerySchema) query: AdminCdsOverridesQuery) {
    return this.report.forOperator({ ...query, limit: OVERRIDE_ROW_LIMITS.admin });
  }
}
