import { Module } from '@nestjs/common';
import { FhirModule } from '../fhir/fhir.module';
import { CdsCardLedger } from './cds-card.ledger';
import { CdsFeedbackService } from './cds-feedback.service';
import { CdsHooksController } from './cds-hooks.controller';
import { CdsHooksService } from './cds-hooks.service';

/**
 * CDS Hooks 2.0: discovery, `order-select`/`order-sign` screening and feedback. JWT authentication lives with the key
 * policy (`KeyPolicyModule` provides `CdsJwtAuthenticator` to the key guard).
 */
@Module({
  imports: [FhirModule],
  controllers: [CdsHooksController],
  providers: [CdsHooksService, CdsFeedbackService, CdsCardLedger],
})
export class CdsHooksModule {}
