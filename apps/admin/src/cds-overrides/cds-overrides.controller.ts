import { Controller, Get } from '@nestjs/common';
import { CdsOverridesQuerySchema, type CdsOverridesQuery } from '@vigil/contracts';
import type { AccountEntity } from '@vigil/db';
import { ValidQuery } from '@vigil/platform';
import { CurrentAccount } from '../sessions/current-session.decorator';
import { CdsOverrideReportService } from './cds-override-report.service';

/** `GET /api/cds/overrides?days=1..365`: the signed-in account's CDS Hooks card feedback per rule. */
@Controller('api/cds/overrides')
export class CdsOverridesController {
  constructor(private readonly report: CdsOverrideReportService) {}

  @Get()
  get(@ValidQuery(CdsOverridesQuerySchema) query: CdsOverridesQuery, @CurrentAccount() account: AccountEntity) {
    return this.report.forAccount(account.id, query.days);
  }
}
