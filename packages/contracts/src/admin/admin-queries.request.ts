import { z } from 'zod';
import { isoTime, queryInt } from '../validation/field-rules';

const optionalText = (max: number, what: string) =>
  z
    .string({ error: `${what} must be a string` })
    .max(max, { error: `${what} must be at most ${max} characters` })
    .optional();

/** `GET /api/admin/accounts?q=&limit=&offset=`: `q` matches part of the email, or an account id. */
export const ListAccountsQuerySchema = z
  .strictObject({
    q: optionalText(320, 'q'),
    limit: queryInt('limit', 1, 200).default(50),
    offset: queryInt('offset', 0, 1_000_000).default(0),
  })
  .meta({ id: 'ListAccountsQuery' });
export type ListAccountsQuery = z.output<typeof ListAccountsQuerySchema>;

/** `GET /api/admin/orgs?q=&limit=&offset=`: `q` matches part of the name or of the owner's email, or an organisation id. */
export const ListOrganisationsQuerySchema = z
  .strictObject({
    q: optionalText(320, 'q'),
    limit: queryInt('limit', 1, 200).default(50),
    offset: queryInt('offset', 0, 1_000_000).default(0),
  })
  .meta({ id: 'ListOrganisationsQuery' });
export type ListOrganisationsQuery = z.output<typeof ListOrganisationsQuerySchema>;

/**
 * `GET /api/admin/audit`: `actor` = an account id, an actor type (`cli`, `admin`…) or part of the actor label;
 * `action` = an action (`key.revoke`) or its prefix (`key`); `target` = a target id or target type;
 * `from`/`to` = ISO 8601 times (inclusive); newest first.
 */
export const AuditQuerySchema = z
  .strictObject({
    actor: optionalText(320, 'actor'),
    action: optionalText(100, 'action'),
    target: optionalText(200, 'target'),
    from: isoTime('from').optional(),
    to: isoTime('to').optional(),
    limit: queryInt('limit', 1, 500).default(100),
    offset: queryInt('offset', 0, 1_000_000).default(0),
  })
  .meta({ id: 'AuditQuery' });
export type AuditQuery = z.output<typeof AuditQuerySchema>;

/** `GET /api/admin/audit/verify?chain=`: one chain (`deployment`, `org:<id>`), or every chain without it. */
export const AuditVerifyQuerySchema = z
  .strictObject({
    chain: z
      .string()
      .max(100, { error: 'chain must be at most 100 characters' })
      .regex(/^[\w.:-]+$/, { error: 'chain must name a chain (letters, digits, . : _ -)' })
      .optional()
      .describe('One chain; every chain without it'),
  })
  .meta({ id: 'AuditVerifyQuery' });
export type AuditVerifyQuery = z.output<typeof AuditVerifyQuerySchema>;

/** `:version` of `/api/admin/kb/releases/:version/...`: a release version (`curated-…` or `kb-…`). */
export const KbReleaseParamsSchema = z
  .strictObject({
    version: z
      .string()
      .max(100, { error: 'version must be at most 100 characters' })
      .regex(/^[A-Za-z0-9][A-Za-z0-9._+-]*$/, { error: 'version must be a knowledge-base release version' }),
  })
  .meta({ id: 'KbReleaseParams' });
export type KbReleaseParams = z.output<typeof KbReleaseParamsSchema>;

/** `GET /api/usage?days=N`: the last N UTC days, today included (7–90, default 30). */
export const UsageQuerySchema = z.strictObject({ days: queryInt('days', 7, 90).default(30) }).meta({ id: 'UsageQuery' });
export type UsageQuery = z.output<typeof UsageQuerySchema>;
