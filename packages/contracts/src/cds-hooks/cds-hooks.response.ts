import { z } from 'zod';
import { CdsCodingSchema } from './cds-hooks.request';

/**
 * Card indicator by finding severity (documented in the README): contraindicated → `critical`, major → `warning`,
 * moderate → `info`. Minor and unknown findings produce no card; unreadable or unreviewed drugs produce an `info` card.
 */
export const CDS_INDICATORS = ['info', 'warning', 'critical'] as const;

const CdsActionSchema = z.object({
  type: z.enum(['create', 'update', 'delete']),
  description: z.string(),
  resourceId: z.array(z.string()).optional().describe('`delete`: the resources to remove, e.g. `MedicationRequest/123`'),
});

export const CdsCardSchema = z
  .object({
    uuid: z.uuid().describe('Stable for the same finding (rule and drugs) across calls: send it back in feedback'),
    summary: z.string().max(139).describe('One line, under 140 characters'),
    detail: z.string().optional().describe('Markdown: consequence, mechanism, management, evidence and citations'),
    indicator: z.enum(CDS_INDICATORS),
    source: z.object({
      label: z.string(),
      url: z.string().optional(),
      topic: CdsCodingSchema.optional().describe('The Vigil rule behind the card (`code` = rule id)'),
    }),
    suggestions: z
      .array(
        z.object({
          label: z.string(),
          uuid: z.uuid().optional(),
          isRecommended: z.boolean().optional(),
          actions: z.array(CdsActionSchema).optional(),
        }),
      )
      .optional(),
    selectionBehavior: z.enum(['at-most-one', 'any']).optional(),
    overrideReasons: z.array(CdsCodingSchema).optional(),
    links: z.array(z.object({ label: z.string(), url: z.string(), type: z.enum(['absolute', 'smart']) })).optional(),
  })
  .meta({ id: 'CdsCard', description: 'A CDS Hooks 2.0 card.' });
export type CdsCard = z.infer<typeof CdsCardSchema>;

export const CdsHookResponseSchema = z
  .object({ cards: z.array(CdsCardSchema) })
  .meta({ id: 'CdsHookResponse', description: 'Cards for the EHR to show: one per finding involving the new orders, plus `info` cards for what could not be checked.' });
export type CdsHookResponse = z.infer<typeof CdsHookResponseSchema>;

export const CdsDiscoverySchema = z
  .object({
    services: z.array(
      z.object({
        hook: z.string(),
        id: z.string(),
        title: z.string(),
        description: z.string(),
        prefetch: z.record(z.string(), z.string()),
        usageRequirements: z.string().optional(),
      }),
    ),
  })
  .meta({ id: 'CdsDiscovery', description: 'CDS Hooks discovery: the services and their prefetch templates.' });
export type CdsDiscovery = z.infer<typeof CdsDiscoverySchema>;

export const CdsFeedbackResponseSchema = z
  .object({ stored: z.int().min(0).describe('Feedback entries stored') })
  .meta({ id: 'CdsFeedbackResponse', description: 'Feedback accepted.' });

/**
 * Override reasons offered on every card: codes of the CDS Hooks non-adherence reason code system that fit a
 * drug-interaction alert.
 */
export const CDS_OVERRIDE_REASON_SYSTEM = 'http://terminology.hl7.org/CodeSystem/non-adherence-reason-codes';
export const CDS_OVERRIDE_REASONS: readonly z.infer<typeof CdsCodingSchema>[] = Object.freeze([
  { system: CDS_OVERRIDE_REASON_SYSTEM, code: 'action-performed-no-adverse-effect', display: 'Combination taken before without adverse effect' },
  { system: CDS_OVERRIDE_REASON_SYSTEM, code: 'cds-not-applicable', display: 'Alert does not apply to this patient' },
  { system: CDS_OVERRIDE_REASON_SYSTEM, code: 'recipient-disagrees-evidence', display: 'Disagree with the evidence for this alert' },
  { system: CDS_OVERRIDE_REASON_SYSTEM, code: 'cds-suboptimal-context', display: 'Alert shown at the wrong time or to the wrong person' },
]);
