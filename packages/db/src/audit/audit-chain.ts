import { createHash } from 'node:crypto';

/** The hash an audit chain starts from (the predecessor of its first event). */
export const AUDIT_GENESIS_HASH = '0'.repeat(64);

/**
 * The chain of platform events (accounts, sessions, KB releases, webhooks endpoints, internal-admin account actions),
 * and of every event written before organisations got chains of their own.
 */
export const DEPLOYMENT_AUDIT_CHAIN = 'deployment';

/** The prefix of an organisation's chain: `org:<organisationId>`. */
export const ORGANISATION_AUDIT_CHAIN_PREFIX = 'org:';

/** The chain of one organisation's events (its keys, members, invitations, projects, policy, ownership, deletion). */
export function organisationAuditChain(organisationId: string): string {
  return `${ORGANISATION_AUDIT_CHAIN_PREFIX}${organisationId}`;
}

/** The fields of an audit event that its hash covers: everything it says, where it sits in its chain, its predecessor. */
export interface ChainedAuditFields {
  chain: string;
  seq: number;
  prevHash: string;
  actorType: string;
  actorId: string | null;
  actorLabel: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  before: unknown;
  after: unknown;
  requestId: string | null;
  ip: string | null;
  /** ISO 8601 with milliseconds, as stored. */
  createdAt: string;
}

/**
 * JSON with object keys sorted at every level and no whitespace: PostgreSQL's `jsonb` reorders keys, so the hash is
 * taken over this form, written and re-read alike. `undefined` object members are left out, as JSON.stringify does.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** SHA-256 (hex) of an event's canonical form: editing any field, or its place in the chain, changes it. */
export function auditEventHash(e: ChainedAuditFields): string {
  return createHash('sha256')
    .update(
      canonicalJson({
        v: 1,
        chain: e.chain,
        seq: e.seq,
        prevHash: e.prevHash,
        actor: { type: e.actorType, id: e.actorId, label: e.actorLabel },
        action: e.action,
        target: { type: e.targetType, id: e.targetId },
        before: e.before ?? null,
        after: e.after ?? null,
        requestId: e.requestId,
        ip: e.ip,
        createdAt: e.createdAt,
      }),
    )
    .digest('hex');
}
