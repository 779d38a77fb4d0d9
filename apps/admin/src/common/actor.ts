import type { AuditActorType } from '@vigil/db';

/** Who is making a change, for audit events: a signed-in account, an admin, the CLI or the system. */
export interface Actor {
  type: AuditActorType;
  accountId?: string | null;
  label?: string | null;
  requestId?: string | null;
  ip?: string | null;
}
