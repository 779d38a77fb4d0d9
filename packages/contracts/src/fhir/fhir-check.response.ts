import { z } from 'zod';

const CodingSchema = z.looseObject({ system: z.string().optional(), code: z.string().optional(), display: z.string().optional() });
const CodeableConceptSchema = z.looseObject({ coding: z.array(CodingSchema).optional(), text: z.string().optional() });
const ReferenceSchema = z.looseObject({ reference: z.string().optional(), display: z.string().optional() });

/** A FHIR R4 `OperationOutcome`: what could not be read or checked, the disclaimer, or (alone) an error. */
export const FhirOperationOutcomeSchema = z
  .looseObject({
    resourceType: z.literal('OperationOutcome'),
    issue: z
      .array(
        z.looseObject({
          severity: z.enum(['fatal', 'error', 'warning', 'information']),
          code: z.string().describe('FHIR IssueType, e.g. `not-found`, `multiple-matches`, `incomplete`, `informational`, `invalid`, `login`, `forbidden`, `throttled`'),
          details: CodeableConceptSchema.optional().describe('For errors: a coding of Vigil’s stable error code (system `https://vigil.dev/problems/`)'),
          diagnostics: z.string().optional(),
          expression: z.array(z.string()).optional().describe('FHIRPath of the input element concerned'),
        }),
      )
      .min(1),
  })
  .meta({ id: 'FhirOperationOutcome' });

/** A FHIR R4 `DetectedIssue` for one interaction finding. */
export const FhirDetectedIssueSchema = z
  .looseObject({
    resourceType: z.literal('DetectedIssue'),
    identifier: z.array(z.looseObject({ system: z.string(), value: z.string() })).describe('The Vigil rule id (system `https://vigil.dev/fhir/rule`)'),
    status: z.literal('final'),
    code: CodeableConceptSchema.describe('v3 ActCode `DRG` (drug interaction) or `DUPTHPY` (duplicate therapy)'),
    severity: z.enum(['high', 'moderate', 'low']).describe('contraindicated and major → `high`, moderate → `moderate`, minor and unrated → `low`'),
    identifiedDateTime: z.string(),
    author: ReferenceSchema.optional(),
    implicated: z.array(ReferenceSchema).describe('The input resources involved (by id or `fullUrl`; `display` names the drug)'),
    detail: z.string().describe('What happens, the mechanism and the management, in words'),
    reference: z.string().optional().describe('The cited source (label section or paper)'),
    evidence: z.array(z.looseObject({ code: z.array(CodeableConceptSchema).optional(), detail: z.array(ReferenceSchema).optional() })).optional(),
    extension: z
      .array(z.looseObject({ url: z.string() }))
      .optional()
      .describe('Vigil’s own severity word (`https://vigil.dev/fhir/StructureDefinition/interaction-severity`)'),
  })
  .meta({ id: 'FhirDetectedIssue' });

/** The answer of `$check-interactions`: a `collection` Bundle of `DetectedIssue`s, worst first, then one `OperationOutcome`. */
export const FhirCheckResponseSchema = z
  .looseObject({
    resourceType: z.literal('Bundle'),
    type: z.literal('collection'),
    timestamp: z.string(),
    entry: z.array(z.looseObject({ fullUrl: z.string(), resource: z.union([FhirDetectedIssueSchema, FhirOperationOutcomeSchema]) })),
  })
  .meta({ id: 'FhirCheckResponse', description: 'A FHIR R4 collection Bundle: one DetectedIssue per finding, then an OperationOutcome.' });
export type FhirCheckResponse = z.infer<typeof FhirCheckResponseSchema>;
export type FhirDetectedIssue = z.infer<typeof FhirDetectedIssueSchema>;
export type FhirOperationOutcome = z.infer<typeof FhirOperationOutcomeSchema>;
