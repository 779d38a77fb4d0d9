import { z } from 'zod';
import { EVIDENCE_LEVELS, SeveritySchema } from './severity';

/** Which engine layer produced a finding. */
export const FINDING_KINDS = ['drug-drug', 'class', 'pathway', 'duplicate-therapy', 'additive'] as const;
export type FindingKind = (typeof FINDING_KINDS)[number];

export const FindingParticipantSchema = z
  .object({
    index: z.int().min(0).describe('Position of the drug in the request’s `drugs`'),
    ingredient: z.string().describe('Ingredient display name'),
    ingredientId: z.string().describe('Knowledge-base ingredient id'),
    role: z.enum(['perpetrator', 'victim']).optional().describe('Pathway findings: the drug that changes exposure (`perpetrator`) and the drug whose exposure changes (`victim`)'),
  })
  .meta({ id: 'FindingParticipant', description: 'An input involved in a finding.' });
export type FindingParticipant = z.infer<typeof FindingParticipantSchema>;

export const FindingCitationSchema = z
  .object({
    source: z.string().describe('Id of the cited source type (`fda-label`, `literature`…)'),
    title: z.string().describe('Title of the label or paper'),
    section: z.string().optional().describe('Section of the label or paper'),
    url: z.string().optional().describe('Where to read it'),
    sources: z.array(z.string()).describe('Knowledge sources (see `kb.sources`) whose assertion rests on this citation'),
  })
  .meta({ id: 'FindingCitation', description: 'A citation behind a finding.' });
export type FindingCitation = z.infer<typeof FindingCitationSchema>;

export const FindingEvidenceSchema = z
  .object({
    level: z
      .enum([...EVIDENCE_LEVELS, 'unknown'])
      .describe('Strength of evidence: `established`, `probable`, `suspected`, `theoretical`, or `unknown` (imported sources that do not grade it)'),
    citations: z.array(FindingCitationSchema).describe('Citations, curated first'),
  })
  .meta({ id: 'FindingEvidence', description: 'Evidence behind a finding (returned when `include` has `evidence`, the default).' });
export type FindingEvidence = z.infer<typeof FindingEvidenceSchema>;

export const InteractionFindingSchema = z
  .object({
    id: z.string().describe('Deterministic id derived from `ruleId` and the participants'),
    ruleId: z.string().describe('The rule, pathway rule, class or risk domain that produced the finding'),
    kind: z.enum(FINDING_KINDS).describe('Engine layer: `drug-drug`, `class`, `pathway`, `duplicate-therapy` or `additive` (three or more drugs adding to one risk)'),
    severity: SeveritySchema.describe('Headline severity: that of the highest-precedence source asserting the finding'),
    severityBySource: z.record(z.string(), SeveritySchema).describe('Severity each knowledge source asserts (source id → severity)'),
    sources: z.array(z.string()).describe('Knowledge sources asserting the finding, headline source first'),
    participants: z.array(FindingParticipantSchema).describe('The inputs involved'),
    title: z.string().describe('Participant names joined, e.g. `warfarin + ibuprofen`'),
    summary: z.string().describe('One line'),
    consequence: z.string().describe('Clinical consequence'),
    mechanism: z.string().optional().describe('Mechanism (when `include` has `mechanism`, the default)'),
    management: z.string().optional().describe('What to do (when `include` has `management`, the default)'),
    evidence: FindingEvidenceSchema.optional(),
    risks: z.array(z.string()).describe('Risk tags such as `bleeding`, `pk-cyp3a4`, `serotonin-syndrome`'),
    oncGroup: z.int().optional().describe('ONC high-priority interaction group this rule encodes, when any'),
  })
  .meta({ id: 'InteractionFinding', description: 'One interaction finding.' });
export type InteractionFinding = z.infer<typeof InteractionFindingSchema>;
