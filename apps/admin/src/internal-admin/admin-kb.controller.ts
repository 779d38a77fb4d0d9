import { Controller, Get } from '@nestjs/common';
import { Roles } from '../sessions/roles.decorator';
import { KbStatusService } from './kb-status.service';

/** `GET /api/admin/kb`: knowledge-base version, counts and sources. Internal admins only. */
@Roles('admin')
@Controller('api/admin/kb')
export class AdminKbController {
  constructor(private readonly kb: KbStatusService) {}

  @Get()
  status() {
    return this.kb.status();
  }
}
