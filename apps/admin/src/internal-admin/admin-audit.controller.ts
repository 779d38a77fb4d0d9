import { Controller, Get, Query } from '@nestjs/common';
import { Roles } from '../sessions/roles.decorator';
import { AuditQueryRequest } from './audit-query.request';
import { AuditLogService } from './audit-log.service';

/** `GET /api/admin/audit`: the audit log with filters. Internal admins only. */
@Roles('admin')
@Controller('api/admin/audit')
export class AdminAuditController {
  constructor(private readonly audit: AuditLogService) {}

  @Get()
  list(@Query() query: AuditQueryRequest) {
    return this.audit.query(query);
  }
}
