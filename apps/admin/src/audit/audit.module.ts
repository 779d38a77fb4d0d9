import { Module } from '@nestjs/common';
import { AuditService } from './audit.service';

/** The append-only audit log every change writes to. */
@Module({ providers: [AuditService], exports: [AuditService] })
export class AuditModule {}
