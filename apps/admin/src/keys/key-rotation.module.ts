import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { KeyEventsModule } from './key-events.module';
import { KeyRotationSweepService } from './key-rotation-sweep.service';

/** The periodic end of rolled keys (`KeyRotationSweepService`): part of the admin app, not of the operator CLI. */
@Module({
  imports: [AuditModule, KeyEventsModule],
  providers: [KeyRotationSweepService],
  exports: [KeyRotationSweepService],
})
export class KeyRotationModule {}
