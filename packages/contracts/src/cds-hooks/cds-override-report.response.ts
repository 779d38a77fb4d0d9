import { z } from 'zod';
import { CDS_OVERRIDE_GROUPINGS } from './cds-override-report.query';

const rate = z.number().min(0).max(1).nullable().describe('overridden / (accepted + overridden), 0–1; null when there was no feedback');

/** Accepted and overridden counts with the override rate. */
export const CdsOverrideCountsSchema = z
  .object({ accepted: z.int().min(0), overridden: z.int().min(0), overrideRate: rate })
  .meta({ id: 'CdsOverrideCounts', description: 'Cards accepted and overridden, and the override rate.' });
export type CdsOverrideCounts = z.infer<typeof CdsOverrideCountsSchema>;

const ruleShape = {
  ruleId: z.string().nullable().describe('The Vigil rule behind the cards (`source.topic.code`); null for feedback on a card Vigil never issued'),
  ...CdsOverrideCountsSchema.shape,
  topReason: z.string().nullable().describe('The most frequent override reason code (null when no override gave one)'),
  topReasonDisplay: z.string().nullable().describe('Its text, when it is one of the reasons Vigil’s cards offer'),
};

/** One rule's feedback for the account. */
export const CdsOverrideRuleRowSchema = z.object(ruleShape).meta({ id: 'CdsOverrideRuleRow' });
export type CdsOverrideRuleRow = z.infer<typeof CdsOverrideRuleRowSchema>;

const windowShape = {
  days: z.int().describe('The window, in days back from now'),
  since: z.string().describe('Start of the window (ISO 8601): feedback received at or after it counts'),
  totals: CdsOverrideCountsSchema.describe('All feedback in the window, rows shown or not'),
  truncated: z.boolean().describe('True when more rows exist than were returned (most overridden first)'),
};

/** `GET /api/cds/overrides`: the signed-in account's CDS Hooks card feedback per rule, most overridden first. */
export const CdsOverrideReportResponseSchema = z
  .object({ ...windowShape, rows: z.array(CdsOverrideRuleRowSchema) })
  .meta({ id: 'CdsOverrideReport', description: 'How often each rule’s cards were accepted or overridden, and why.' });
export type CdsOverrideReportResponse = z.infer<typeof CdsOverrideReportResponseSchema>;

/** One row of the internal admin's report: a rule across accounts (`by=rule`), or a rule within one account (`by=account`). */
export const AdminCdsOverrideRowSchema = z
  .object({
    accountId: z.string().nullable().describe('`by=account` only'),
    accountEmail: z.string().nullable().describe('`by=account` only (null if the account is gone)'),
    ...ruleShape,
  })
  .meta({ id: 'AdminCdsOverrideRow' });
export type AdminCdsOverrideRow = z.infer<typeof AdminCdsOverrideRowSchema>;

/** `GET /api/admin/cds/overrides`. */
export const AdminCdsOverrideReportResponseSchema = z
  .object({
    by: z.enum(CDS_OVERRIDE_GROUPINGS),
    accountId: z.string().nullable().describe('The account the report is restricted to, if any'),
    ...windowShape,
    rows: z.array(AdminCdsOverrideRowSchema),
  })
  .meta({ id: 'AdminCdsOverrideReport', description: 'CDS Hooks card feedback per rule, or per account and rule, for the operator.' });
export type AdminCdsOverrideReportResponse = z.infer<typeof AdminCdsOverrideReportResponseSchema>;
