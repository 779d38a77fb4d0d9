import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { UsageController } from './usage.controller';
import { UsageService } from './usage.service';

/** Usage reporting for the dashboard. */
@Module({
  imports: [AccountsModule],
  controllers: [UsageController],
  providers: [UsageService],
  exports: [UsageService],
})
export class UsageModule {}
