import type { Bundle } from '@medplum/fhirtypes';
import { Body, Controller, Header, HttpCode, Post, UseFilters } from '@nestjs/common';
import { RequireScopes } from '@vigil/auth';
import { FHIR_JSON_CONTENT_TYPE, Scopes } from '@vigil/contracts';
import { FhirCheckService } from './fhir-check.service';
import { FhirOutcomeFilter } from './fhir-outcome.filter';

/** FHIR R4 operations. Errors are `OperationOutcome`s. */
@Controller('fhir/r4')
@UseFilters(FhirOutcomeFilter)
export class FhirController {
  constructor(private readonly fhir: FhirCheckService) {}

  @Post('$check-interactions')
  @HttpCode(200)
  @RequireScopes(Scopes.InteractionsCheck)
  @Header('content-type', `${FHIR_JSON_CONTENT_TYPE}; charset=utf-8`)
  @Header('cache-control', 'no-store')
  checkInteractions(@Body() body: unknown): Bundle {
    return this.fhir.check(body);
  }
}
