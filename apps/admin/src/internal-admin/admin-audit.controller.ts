import { Controller, Get } from '@nestjs/common';
import { Roles } from '../sessions/roles.decorator';
import { AuditQuerySchema, type AuditQuery } from '@vigil/contracts';
import { ValidQuery } from '@vigil/platform';
import { AuditLogService } from './audit-log.service';

/** `GET /api/admin/audit`: the audit log with filters. Internal admins only. */
@Roles('admin')
@Controller('api/admin/audit')
export class AdminAuditController {
  constructor(private readonly audit: AuditLogService) {}

  @Get()
  list(@ValidQuery(AuditQuerySchema) query: AuditQuery) {
    return this.audit.query(query);
  }
}
