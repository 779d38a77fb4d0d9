import { Injectable } from '@nestjs/common';
import type { Bundle } from '@medplum/fhirtypes';
import { FhirCheckRequestSchema, MAX_FHIR_CHECK_MEDICATIONS, MAX_FHIR_CHECK_RESOURCES } from '@vigil/contracts';
import { CHECK_DISCLAIMER } from '@vigil/engine';
import { parseOrThrow, validationFailed } from '@vigil/platform';
import { DetectedIssueBuilder, type FhirInputMedication, type SkippedResource } from './detected-issue.builder';
import { type FhirJson, FhirMedicationReader, isIgnored, str } from './fhir-medication.reader';
import { MedicationScreeningService } from './medication-screening.service';

/** A resource of the request with where it sits. */
interface Located {
  resource: FhirJson;
  fullUrl?: string;
  /** FHIRPath of the resource in the request. */
  expression: string;
}

/**
 * FHIR R4 `$check-interactions`: reads `MedicationRequest`, `MedicationStatement` and `Medication` resources from a
 * Bundle or Parameters, checks them (prospectively when any `MedicationRequest` is a `draft`), and answers a Bundle of
 * `DetectedIssue`s with an `OperationOutcome` naming everything that was not checked.
 */
@Injectable()
export class FhirCheckService {
  constructor(private readonly screening: MedicationScreeningService) {}

  check(body: unknown, at = new Date()): Bundle {
    const request = parseOrThrow(FhirCheckRequestSchema, body);
    const located = locate(request);
    if (located.length > MAX_FHIR_CHECK_RESOURCES) {
      throw validationFailed([{ pointer: '', code: 'max_items', message: `at most ${MAX_FHIR_CHECK_RESOURCES} resources per call, nested bundles included` }]);
    }
    const reader = new FhirMedicationReader(located);
    // A Medication that a request or statement refers to is read through it, not screened on its own.
    const referenced = new Set<string>();
    for (const { resource } of located) {
      const ref = FhirMedicationReader.isMedicationResource(resource) ? FhirMedicationReader.medicationReferenceOf(resource) : undefined;
      if (ref) referenced.add(ref);
    }
    const meds: FhirInputMedication[] = [];
    const skipped: SkippedResource[] = [];
    const seen = new Set<string>();
    for (const { resource, fullUrl, expression } of located) {
      const type = String(resource.resourceType);
      const id = str(resource.id);
      const reference = id ? `${type}/${id}` : fullUrl;
      if (type === 'Medication') {
        if ((id && referenced.has(`Medication/${id}`)) || (fullUrl && referenced.has(fullUrl))) continue;
        const read = reader.readMedication(resource, expression);
        if (seen.has(read.ref)) continue;
        seen.add(read.ref);
        meds.push({ ...read, proposed: false, expression, ...(reference ? { reference } : {}) });
        continue;
      }
      if (!FhirMedicationReader.isMedicationResource(resource)) {
        skipped.push({
          expression,
          code: 'not-supported',
          diagnostics: `${type} is not a medication resource: not checked (send MedicationRequest, MedicationStatement or Medication).`,
        });
        continue;
      }
      const draft = type === 'MedicationRequest' && resource.status === 'draft';
      const read = reader.read(resource, draft ? 'draft' : 'current', expression);
      if (isIgnored(read)) {
        skipped.push({ expression, code: 'informational', diagnostics: `${read.ref} is not checked: ${read.reason} takes it off the current medication list.` });
        continue;
      }
      if (seen.has(read.ref)) continue;
      seen.add(read.ref);
      const subject = str((resource.subject as FhirJson | undefined)?.reference);
      meds.push({ ...read, proposed: draft, expression, ...(reference ? { reference } : {}), ...(subject ? { subject } : {}) });
    }
    if (meds.length > MAX_FHIR_CHECK_MEDICATIONS) {
      throw validationFailed([{ pointer: '', code: 'max_items', message: `at most ${MAX_FHIR_CHECK_MEDICATIONS} medications per call` }]);
    }
    const screening = this.screening.screen(
      meds,
      meds.some((m) => m.proposed),
    );
    const builder = new DetectedIssueBuilder(screening.kbVersion, CHECK_DISCLAIMER, at.toISOString());
    return builder.bundle({
      result: screening.result,
      byIndex: screening.byIndex as ReadonlyMap<number, FhirInputMedication>,
      unchecked: screening.unchecked,
      skipped,
    });
  }
}

/** Every resource of the request with its FHIRPath: Bundle entries, Parameters resources, and Bundles inside them. */
function locate(request: FhirJson): Located[] {
  const out: Located[] = [];
  const fromBundle = (bundle: FhirJson, path: string) => {
    for (const { resource, fullUrl, index } of FhirMedicationReader.entries(bundle)) out.push({ resource, fullUrl, expression: `${path}.entry[${index}].resource` });
  };
  if (request.resourceType === 'Bundle') fromBundle(request, 'Bundle');
  else {
    (request.parameter as { resource: FhirJson }[]).forEach((p, i) => {
      const path = `Parameters.parameter[${i}].resource`;
      if (p.resource.resourceType === 'Bundle') fromBundle(p.resource, path);
      else out.push({ resource: p.resource, expression: path });
    });
  }
  return out;
}
