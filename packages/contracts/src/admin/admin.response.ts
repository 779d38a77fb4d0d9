import { z } from 'zod';
import { AccountViewSchema } from '../accounts/account.response';
import { ApiKeyResponseSchema } from '../keys/api-key.response';
import { SEVERITIES } from '../interactions/severity';

const page = { total: z.int(), limit: z.int(), offset: z.int() };

/** A row of the internal admin's accounts list. */
export const AdminAccountRowSchema = AccountViewSchema.extend({
  keys: z.object({ active: z.int(), total: z.int() }),
  lastActivityAt: z.string().nullable().describe('Latest of the last sign-in/session activity and the last API call with one of its keys'),
}).meta({ id: 'AdminAccountRow' });
export type AdminAccountRow = z.infer<typeof AdminAccountRowSchema>;

/** `GET /api/admin/accounts`. */
export const AdminAccountListResponseSchema = z.object({ accounts: z.array(AdminAccountRowSchema), ...page });

/** `GET /api/admin/accounts/:id/keys`. */
export const AdminAccountKeysResponseSchema = z.object({ account: AccountViewSchema, keys: z.array(ApiKeyResponseSchema) });

const Json = z.record(z.string(), z.unknown());

/** One audit event. `before`/`after` are the changed fields (never a key, password or token). */
export const AuditEventSchema = z
  .object({
    id: z.string(),
    createdAt: z.string(),
    actor: z.object({ type: z.string(), id: z.string().nullable(), label: z.string().nullable() }),
    action: z.string(),
    target: z.object({ type: z.string(), id: z.string().nullable() }),
    before: Json.nullable(),
    after: Json.nullable(),
    requestId: z.string().nullable(),
    ip: z.string().nullable(),
  })
  .meta({ id: 'AuditEvent' });
export type AuditEventView = z.infer<typeof AuditEventSchema>;

/** `GET /api/admin/audit`. */
export const AuditEventListResponseSchema = z.object({ events: z.array(AuditEventSchema), ...page });

/**
 * One audit chain checked from its first event (`GET /api/orgs/:orgId/audit/verify`): intact with its head (the last
 * position and hash, to keep elsewhere so a cut tail shows), or broken at `seq` with what is wrong there.
 */
export const AuditChainVerificationSchema = z
  .object({
    chain: z.string().describe('`deployment` or `org:<organisationId>`'),
    ok: z.boolean(),
    events: z.int().describe('Events verified (when broken: before the break)'),
    head: z.object({ seq: z.int(), hash: z.string() }).nullable().optional().describe('When intact: the last event (null for an empty chain)'),
    seq: z.int().optional().describe('When broken: the position where the chain breaks'),
    problem: z.string().optional().describe('When broken: what is wrong there (an edited event, a missing one, a broken link)'),
  })
  .meta({ id: 'AuditChainVerification' });
export type AuditChainVerificationView = z.infer<typeof AuditChainVerificationSchema>;

/** `GET /api/admin/audit/verify`: every chain (or the one asked for). */
export const AuditVerifyResponseSchema = z.object({ ok: z.boolean(), chains: z.array(AuditChainVerificationSchema) }).meta({ id: 'AuditVerifyResponse' });
export type AuditVerifyResponse = z.infer<typeof AuditVerifyResponseSchema>;

/** A knowledge-base release (the curated pack plus imported sources). */
export const KbReleaseSchema = z
  .object({
    version: z.string(),
    releasedAt: z.string(),
    createdAt: z.string(),
    activatedAt: z.string().nullable(),
    active: z.boolean(),
    curatedVersion: z.string().describe('The curated pack this release is built on'),
    sources: z.array(
      z.object({ id: z.string(), title: z.string(), license: z.string(), nonCommercial: z.boolean(), format: z.string(), pairs: z.int().nullable(), hash: z.string() }),
    ),
    includedSources: z.array(z.object({ id: z.string(), title: z.string(), license: z.string(), nonCommercial: z.boolean() })),
    counts: z.record(z.string(), z.number()),
  })
  .meta({ id: 'KbRelease' });
export type KbReleaseView = z.infer<typeof KbReleaseSchema>;

/** Version, sizes and sources of the curated pack this build ships. */
export const KbStatusSchema = z
  .object({
    version: z.string(),
    releasedAt: z.string(),
    counts: z.object({ sources: z.int(), ingredients: z.int(), classes: z.int(), products: z.int(), rules: z.int(), pathways: z.int(), domains: z.int() }),
    rulesBySeverity: z.object(Object.fromEntries(SEVERITIES.map((s) => [s, z.int()])) as Record<(typeof SEVERITIES)[number], z.ZodInt>),
    sources: z.array(
      z.object({
        id: z.string(),
        title: z.string(),
        license: z.string(),
        nonCommercial: z.boolean(),
        url: z.string().nullable(),
        rules: z.int(),
        citedByRules: z.int(),
        pathways: z.int(),
      }),
    ),
  })
  .meta({ id: 'KbStatus' });
export type KbStatusResponse = z.infer<typeof KbStatusSchema>;

/** `GET /api/admin/kb`: the active release (null = the curated pack alone) and the curated pack. */
export const AdminKbResponseSchema = z.object({ release: KbReleaseSchema.nullable(), curated: KbStatusSchema });

/** `GET /api/admin/kb/releases`. */
export const KbReleaseListResponseSchema = z.object({ releases: z.array(KbReleaseSchema) });

/** Activation or rollback: the release now active and the one it replaced. */
export const KbSwitchResponseSchema = z.object({ release: KbReleaseSchema, previous: z.string().nullable() });
