import { z } from 'zod';
import { FhirResourceSchema, MAX_CDS_MEDICATIONS } from '../cds-hooks/cds-hooks.request';

/** The media type of FHIR R4 JSON, for requests and responses of the FHIR operation. */
export const FHIR_JSON_CONTENT_TYPE = 'application/fhir+json';

/** Resources (Bundle entries or Parameters) accepted in one `$check-interactions` call. */
export const MAX_FHIR_CHECK_RESOURCES = 1000;
/** Medications screened in one call: the same bound as a CDS Hooks call. */
export const MAX_FHIR_CHECK_MEDICATIONS = MAX_CDS_MEDICATIONS;

const BundleEntrySchema = z.looseObject({
  fullUrl: z.string().max(2000).optional().describe('Used to resolve `medicationReference` and in `implicated` references'),
  resource: FhirResourceSchema.describe('A `MedicationRequest`, `MedicationStatement` or `Medication`; other resources are reported and skipped'),
});

const ParameterSchema = z.looseObject({
  name: z.literal('medication', { error: 'the only parameter is "medication"' }),
  resource: FhirResourceSchema.describe('A `MedicationRequest`, `MedicationStatement`, `Medication`, or a `Bundle` of them'),
});

/**
 * `POST /fhir/r4/$check-interactions`: a FHIR R4 `Bundle` of medication resources, or `Parameters` with one
 * `medication` parameter per resource. A `MedicationRequest` with status `draft` is a new order: when any is present,
 * only findings involving a new order are returned (prospective screening).
 */
export const FhirCheckRequestSchema = z
  .discriminatedUnion(
    'resourceType',
    [
      z.looseObject({
        resourceType: z.literal('Bundle'),
        type: z.string().max(40).optional(),
        entry: z.array(BundleEntrySchema).max(MAX_FHIR_CHECK_RESOURCES).optional(),
      }),
      z.looseObject({
        resourceType: z.literal('Parameters'),
        parameter: z.array(ParameterSchema).min(1).max(MAX_FHIR_CHECK_RESOURCES),
      }),
    ],
    { error: 'resourceType must be Bundle or Parameters' },
  )
  .meta({ id: 'FhirCheckRequest', description: 'A FHIR R4 Bundle or Parameters of MedicationRequest, MedicationStatement and Medication resources.' });
export type FhirCheckRequest = z.infer<typeof FhirCheckRequestSchema>;
