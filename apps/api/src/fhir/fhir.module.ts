import { Module } from '@nestjs/common';
import { KnowledgeBaseModule } from '../kb/knowledge-base.module';
import { FhirCheckService } from './fhir-check.service';
import { FhirController } from './fhir.controller';
import { MedicationScreeningService } from './medication-screening.service';

/**
 * FHIR R4: `POST /fhir/r4/$check-interactions`, and the medication reading and screening the CDS Hooks services share.
 */
@Module({
  imports: [KnowledgeBaseModule],
  controllers: [FhirController],
  providers: [FhirCheckService, MedicationScreeningService],
  exports: [MedicationScreeningService, FhirCheckService],
})
export class FhirModule {}
