import { z } from 'zod';
import { queryInt } from '../validation/field-rules';

/** The feedback window of an override report, in days back from now: 1–365, default 30. */
export const CDS_OVERRIDE_DAYS = { min: 1, max: 365, default: 30 } as const;

/** How the internal admin's override report groups feedback: per rule across accounts, or per account and rule. */
export const CDS_OVERRIDE_GROUPINGS = ['rule', 'account'] as const;
export type CdsOverrideGrouping = (typeof CDS_OVERRIDE_GROUPINGS)[number];

const days = () => queryInt('days', CDS_OVERRIDE_DAYS.min, CDS_OVERRIDE_DAYS.max).default(CDS_OVERRIDE_DAYS.default);

/** `GET /api/cds/overrides?days=N`: the signed-in account's CDS Hooks feedback of the last N days, per rule. */
export const CdsOverridesQuerySchema = z.strictObject({ days: days() }).meta({ id: 'CdsOverridesQuery' });
export type CdsOverridesQuery = z.output<typeof CdsOverridesQuerySchema>;

/** `GET /api/admin/cds/overrides?by=rule|account&days=N&accountId=`: every account's feedback, or one account's. */
export const AdminCdsOverridesQuerySchema = z
  .strictObject({
    by: z.enum(CDS_OVERRIDE_GROUPINGS, { error: 'by must be rule or account' }).default('rule'),
    days: days(),
    accountId: z.uuid({ error: 'accountId must be an account id (UUID)' }).optional(),
  })
  .meta({ id: 'AdminCdsOverridesQuery' });
export type AdminCdsOverridesQuery = z.output<typeof AdminCdsOverridesQuerySchema>;
