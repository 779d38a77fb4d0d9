import { CdsClientsService } from './cds-clients.service';
import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { AuditModule } from '../audit/audit.module';
import { EmailModule } from '../email/email.module';
import { KeyExposureService } from './key-exposure.service';
import { SecretScanningController } from './secret-scanning.controller';
import { KeyEventsModule } from './key-events.module';
import { KeysController } from './keys.controller';
import { KeysService } from './keys.service';

/** API keys: the signed-in account's own keys (`/api/keys`) and the service the internal admin and the CLI share. */
@Module({
  imports: [AccountsModule, AuditModule, KeyEventsModule, EmailModule],
  controllers: [KeysController, SecretScanningController],
  providers: [KeysService, CdsClientsService, KeyExposureService],
  exports: [KeysService, KeyExposureService],
})
export class KeysModule {}
