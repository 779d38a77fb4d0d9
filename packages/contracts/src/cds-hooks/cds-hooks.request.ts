import { z } from 'zod';

/** The two CDS Hooks services Vigil offers (CDS Hooks 2.0), by id. */
export const CDS_SERVICE_IDS = ['vigil-order-select', 'vigil-order-sign'] as const;
export type CdsServiceId = (typeof CDS_SERVICE_IDS)[number];

/** Medication resources Vigil reads from one hook call (draft orders and prefetch together). */
export const MAX_CDS_MEDICATIONS = 500;
/** Bundle entries accepted in one draftOrders or prefetch bundle. */
export const MAX_CDS_BUNDLE_ENTRIES = 1000;

/** Any FHIR resource: Vigil reads the fields it needs and ignores the rest (CDS clients send full resources). */
export const FhirResourceSchema = z.looseObject({
  resourceType: z.string().min(1).max(64).describe('FHIR resource type'),
  id: z.string().max(200).optional(),
});

export const FhirBundleSchema = z.looseObject({
  resourceType: z.literal('Bundle'),
  entry: z
    .array(z.looseObject({ fullUrl: z.string().max(2000).optional(), resource: FhirResourceSchema.optional() }))
    .max(MAX_CDS_BUNDLE_ENTRIES)
    .optional(),
});

/** A prefetch value: a resource or a Bundle; `null` means the client had no data for that template. */
const PrefetchValueSchema = FhirResourceSchema.nullable();

/**
 * A CDS Hooks 2.0 service request for `order-select` or `order-sign`. Fields Vigil does not use (`fhirServer`,
 * `fhirAuthorization`, extensions) are accepted and ignored: Vigil never calls the EHR's FHIR server.
 */
export const CdsHookRequestSchema = z
  .looseObject({
    hook: z.string().min(1).max(100).describe('`order-select` or `order-sign`, matching the service called'),
    hookInstance: z.string().min(1).max(200).describe('The client’s id of this hook call'),
    fhirServer: z.string().max(2000).optional().describe('Ignored: Vigil reads only what the request carries'),
    fhirAuthorization: z.looseObject({}).nullable().optional().describe('Ignored (and never logged)'),
    context: z
      .looseObject({
        userId: z.string().max(400).optional(),
        patientId: z.string().min(1).max(400),
        encounterId: z.string().max(400).optional(),
        selections: z.array(z.string().min(1).max(400)).max(100).optional().describe('`order-select`: references of the orders just selected, e.g. `MedicationRequest/123`'),
        draftOrders: FhirBundleSchema.describe('The orders being selected or signed (a Bundle)'),
      })
      .describe('Hook context'),
    prefetch: z.record(z.string().max(100), PrefetchValueSchema).optional().describe('Prefetched data, by the keys of the service’s prefetch templates'),
  })
  .meta({ id: 'CdsHookRequest', description: 'A CDS Hooks 2.0 call of one of Vigil’s services.' });
export type CdsHookRequest = z.infer<typeof CdsHookRequestSchema>;
export type FhirResource = z.infer<typeof FhirResourceSchema>;

export const CdsCodingSchema = z.object({
  system: z.string().max(2000).optional(),
  code: z.string().min(1).max(200),
  display: z.string().max(500).optional(),
});

/** `POST /cds-services/{id}/feedback` (CDS Hooks 2.0). */
export const CdsFeedbackRequestSchema = z
  .looseObject({
    feedback: z
      .array(
        z.looseObject({
          card: z.string().min(1).max(100).describe('The `uuid` of the card the user acted on'),
          outcome: z.enum(['accepted', 'overridden']),
          acceptedSuggestions: z
            .array(z.looseObject({ id: z.string().min(1).max(100) }))
            .max(20)
            .optional(),
          overrideReason: z
            .looseObject({
              reason: CdsCodingSchema.optional(),
              userComment: z.string().max(2000).optional(),
            })
            .optional(),
          outcomeTimestamp: z.iso.datetime({ offset: true }).describe('When the user acted (ISO 8601)'),
        }),
      )
      .min(1)
      .max(100),
  })
  .meta({ id: 'CdsFeedbackRequest', description: 'What the user did with Vigil’s cards: accepted or overridden, with the reason.' });
export type CdsFeedbackRequest = z.infer<typeof CdsFeedbackRequestSchema>;
