import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { AuditModule } from '../audit/audit.module';
import { OrganisationsModule } from '../organisations/organisations.module';
import { OrganisationWebhooksController } from './organisation-webhooks.controller';
import { WebhookDeliveryWorker } from './webhook-delivery.worker';
import { WebhookSweepsService } from './webhook-sweeps.service';
import { WebhooksController } from './webhooks.controller';
import { WebhooksService } from './webhooks.service';

/**
 * Signed webhooks: an organisation's endpoints under `/api/orgs/:orgId/webhooks` and `/api/webhooks` (the caller's own
 * organisation's), with rotation, delivery log and test; the sweeps and the delivery worker.
 */
@Module({
  imports: [AccountsModule, AuditModule, OrganisationsModule],
  controllers: [OrganisationWebhooksController, WebhooksController],
  providers: [WebhooksService, WebhookSweepsService, WebhookDeliveryWorker],
  exports: [WebhooksService],
})
export class WebhooksModule {}
