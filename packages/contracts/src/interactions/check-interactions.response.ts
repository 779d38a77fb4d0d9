import { z } from 'zod';
import { DrugResolutionSchema, UnresolvedDrugSchema } from './drug-resolution.response';
import { InteractionFindingSchema } from './interaction-finding.response';
import { type Severity, SeveritySchema } from './severity';

const count = (s: Severity) => z.int().min(0).describe(`${s} findings`);

export const KbSourceInfoSchema = z
  .object({
    id: z.string().describe('Source id'),
    title: z.string().describe('Title'),
    license: z.string().describe('Licence of the source'),
    nonCommercial: z.boolean().describe('The licence forbids commercial use (e.g. CC BY-NC-SA 4.0): check that your use of this release is allowed'),
    url: z.string().optional().describe('Where the source is published'),
  })
  .meta({ id: 'KbSource', description: 'A knowledge source in the release, with its licence.' });
export type KbSourceInfo = z.infer<typeof KbSourceInfoSchema>;

/** Which knowledge base answered: every response names it, so a result can be reproduced. */
export const KbInfoSchema = z
  .object({
    version: z.string().describe('Release version, e.g. `curated-2026.11.21-ab15a24e`'),
    releasedAt: z.string().describe('Release time (ISO 8601)'),
    sources: z.array(KbSourceInfoSchema).describe('Sources in the release with their licences'),
  })
  .meta({ id: 'KbInfo', description: 'The knowledge-base release that answered; quote it to reproduce a result.' });
export type KbInfo = z.infer<typeof KbInfoSchema>;

export const CheckSummarySchema = z
  .object({
    maxSeverity: SeveritySchema.nullable().describe('Worst severity among the returned findings; null when none was returned'),
    counts: z
      .object({ contraindicated: count('contraindicated'), major: count('major'), moderate: count('moderate'), minor: count('minor'), unknown: count('unknown') })
      .describe('Findings returned, per severity'),
    complete: z
      .boolean()
      .describe(
        'False when any input was unresolved or ambiguous, or resolved to a drug the knowledge base knows by name only (`coverage: names-only`): then no finding does **not** mean no interaction',
      ),
    pairsChecked: z.int().min(0).describe('Distinct pairs of resolved inputs that were checked'),
    hiddenBySeverityFilter: z.int().min(0).describe('Findings left out by `options.minSeverity`'),
    prospective: z
      .object({
        proposed: z.array(z.int().min(0)).describe('Indexes of the entries marked `proposed`'),
        currentListFindingsOmitted: z.int().min(0).describe('Findings among current-list drugs only (at or above `minSeverity`) that were left out: already known, not new'),
      })
      .nullable()
      .describe('Prospective screening, when any entry is marked `proposed`: only findings involving at least one proposed drug are returned. Null for a full check.'),
  })
  .meta({ id: 'CheckSummary', description: 'Totals of a check.' });
export type CheckSummary = z.infer<typeof CheckSummarySchema>;

export const CHECK_WARNING_CODES = [
  'incomplete_check',
  'not_reviewed',
  'fuzzy_match',
  'too_few_drugs',
  'split_combination',
  'stopped_within_washout',
  'stopped_beyond_washout',
  'local_use_not_checked',
  'no_longer_marketed',
] as const;
export type CheckWarningCode = (typeof CHECK_WARNING_CODES)[number];

export const CheckWarningSchema = z
  .object({
    code: z
      .enum(CHECK_WARNING_CODES)
      .describe(
        '`incomplete_check` (inputs not checked), `not_reviewed` (names-only drugs), `fuzzy_match` (spelling corrected), `too_few_drugs` (fewer than two resolved), `split_combination`, `stopped_within_washout` (stopped drugs still checked), `stopped_beyond_washout` (stopped drugs left out), `local_use_not_checked` (skin, eye or ear products of negligibly absorbed drugs left out), `no_longer_marketed` (a drug withdrawn from or discontinued on the US market: still checked; confirm the entry)',
      ),
    message: z.string().describe('Explanation in words'),
    indexes: z.array(z.int().min(0)).optional().describe('Positions of the inputs the warning is about'),
  })
  .meta({ id: 'CheckWarning', description: 'Something the reader of the result must know.' });
export type CheckWarning = z.infer<typeof CheckWarningSchema>;

export const CheckInteractionsResponseSchema = z
  .object({
    requestId: z.string().describe('Request id, also in the `x-request-id` header'),
    kb: KbInfoSchema,
    summary: CheckSummarySchema,
    resolutions: z.array(DrugResolutionSchema).describe('One per input, in input order'),
    interactions: z.array(InteractionFindingSchema).describe('Findings, worst first'),
    unresolved: z.array(UnresolvedDrugSchema).describe('Inputs that were not checked'),
    warnings: z.array(CheckWarningSchema).describe('Warnings such as `incomplete_check`'),
    disclaimer: z.string().describe('Decision-support disclaimer; show it with the result'),
  })
  .meta({ id: 'CheckInteractionsResponse', description: 'Every interacting pair, worst first. Unresolved inputs never fail the call: they make `summary.complete` false.' });
export type CheckInteractionsResponse = z.infer<typeof CheckInteractionsResponseSchema>;

/** What the engine returns: the response without the request id (added by the API). */
export type CheckInteractionsResult = Omit<CheckInteractionsResponse, 'requestId'>;
