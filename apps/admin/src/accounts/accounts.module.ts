import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { EmailModule } from '../email/email.module';
import { KeyEventsModule } from '../keys/key-events.module';
import { AccountEmailService } from './account-email.service';
import { AccountTokensService } from './account-tokens.service';
import { AccountsService } from './accounts.service';

/** Accounts: creation with the trial, passwords, suspension, and the emailed verification and reset links. */
@Module({
  imports: [AuditModule, EmailModule, KeyEventsModule],
  providers: [AccountsService, AccountTokensService, AccountEmailService],
  exports: [AccountsService, AccountEmailService],
})
export class AccountsModule {}
