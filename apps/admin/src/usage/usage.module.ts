import { Module } from '@nestjs/common';
import { AdminCoreModule } from '../admin-core.module';
import { UsageController } from './usage.controller';
import { UsageService } from './usage.service';

/** Usage reporting for the dashboard. */
@Module({
  imports: [AdminCoreModule],
  controllers: [UsageController],
  providers: [UsageService],
})
export class UsageModule {}
