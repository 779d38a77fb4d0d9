import { DEPLOYMENT_AUDIT_CHAIN, organisationAuditChain } from '@vigil/db';

/** What decides an event's chain: the organisation it concerns, if any. */
export interface AuditRouting {
  /** The organisation the event concerns (a key event: the key's organisation); null or absent for platform events. */
  organisationId?: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The chain an audit event is appended to: `org:<organisationId>` for an event that concerns an organisation, the
 * `deployment` chain for platform events. A malformed organisation id is a programming error, not a reason to write
 * the event somewhere else.
 */
export function auditChainFor(input: AuditRouting): string {
  const id = input.organisationId;
  if (id === undefined || id === null) return DEPLOYMENT_AUDIT_CHAIN;
  if (!UUID.test(id)) throw new Error(`audit: organisationId ${JSON.stringify(id)} is not a uuid`);
  return organisationAuditChain(id.toLowerCase());
}
