import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { AuditModule } from '../audit/audit.module';
import { WebhookDeliveryWorker } from './webhook-delivery.worker';
import { WebhookSweepsService } from './webhook-sweeps.service';
import { WebhooksController } from './webhooks.controller';
import { WebhooksService } from './webhooks.service';

/** Signed webhooks: `/api/webhooks` (endpoints, rotation, delivery log, test), the sweeps and the delivery worker. */
@Module({
  imports: [AccountsModule, AuditModule],
  controllers: [WebhooksController],
  providers: [WebhooksService, WebhookSweepsService, WebhookDeliveryWorker],
  exports: [WebhooksService],
})
export class WebhooksModule {}
