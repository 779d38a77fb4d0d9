import { Controller, Get } from '@nestjs/common';
import { Roles } from '../sessions/roles.decorator';
import { AuditQuerySchema, AuditVerifyQuerySchema, type AuditQuery, type AuditVerifyQuery } from '@vigil/contracts';
import { ValidQuery } from '@vigil/platform';
import { AuditLogService } from './audit-log.service';

/** `GET /api/admin/audit`: the audit log with filters; `GET /api/admin/audit/verify`: any chain checked. Internal admins only. */
@Roles('admin')
@Controller('api/admin/audit')
export class AdminAuditController {
  constructor(private readonly audit: AuditLogService) {}

  @Get()
  list(@ValidQuery(AuditQuerySchema) query: AuditQuery) {
    return this.audit.query(query);
  }

  /** Every chain (`deployment` and each organisation's), or the one named by `?chain=`. */
  @Get('verify')
  verify(@ValidQuery(AuditVerifyQuerySchema) query: AuditVerifyQuery) {
    return this.audit.verify(query.chain);
  }
}
