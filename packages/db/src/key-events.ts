import type { EntityManager } from 'typeorm';

/** PostgreSQL channel on which key and account changes are announced to every API instance. */
export const KEY_EVENTS_CHANNEL = 'vigil_key_events';

/**
 * `created` marks a new key: instances then forget the hashes they learned were unknown (the negative cache).
 * `organisation`: its key policy, allowlist or owner changed; every instance reloads the organisation's keys.
 */
export type KeyEvent = (
  { type: 'key'; keyId: string; created?: boolean } | { type: 'account'; accountId: string } | { type: 'organisation'; organisationId: string } | { type: 'all' }
) & { nonce?: string };

/**
 * Announces a change inside the caller's transaction: PostgreSQL delivers the NOTIFY to every listener
 * exactly when the change commits, never before and never for a rolled-back change.
 */
export async function notifyKeyEvent(manager: EntityManager, event: KeyEvent): Promise<void> {
  await manager.query('SELECT pg_notify($1, $2)', [KEY_EVENTS_CHANNEL, JSON.stringify(event)]);
}

export function parseKeyEvent(payload: string | undefined): KeyEvent {
  try {
    const e = JSON.parse(payload ?? '') as KeyEvent;
    if (e && (e.type === 'key' || e.type === 'account' || e.type === 'organisation' || e.type === 'all')) return e;
  } catch {
    /* fall through */
  }
  return { type: 'all' };
}
