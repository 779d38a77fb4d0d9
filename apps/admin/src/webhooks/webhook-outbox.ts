import { randomBytes } from 'node:crypto';
import { type WebhookAudience, WebhookRepository } from '@vigil/db';
import type { EntityManager } from 'typeorm';

/** Every type of event the outbox takes: the subscribable ones and the on-request test. */
export type OutboxEventType = 'key.created' | 'key.revoked' | 'key.expiring' | 'key.exposed' | 'kb.release.activated' | 'quota.threshold' | 'webhook.test';

/** What an event may say about a key: its id, label and display hint (prefix and last characters), never the key or its hash. */
export interface WebhookKeyData {
  keyId: string;
  /** The key's organisation (whose endpoints get the event). */
  organisationId: string;
  /** Who made the key. */
  accountId: string;
  label: string;
  hint: string;
}

/** A new event id, `msg_` + 22 url-safe random characters (128 bits), as Standard Webhooks ids look. */
export function newWebhookEventId(): string {
  return `msg_${randomBytes(16).toString('base64url')}`;
}

/** The fields of a key an event may carry: an explicit allow-list, so a new key column never leaks into a payload. */
export function webhookKeyData(k: { id: string; organisationId: string; accountId: string; label: string; hint: string }): WebhookKeyData {
  return { keyId: k.id, organisationId: k.organisationId, accountId: k.accountId, label: k.label, hint: k.hint };
}

/** The audience of an event about a key: its organisation's endpoints, whoever acted. */
export function keyAudience(k: { organisationId: string }): WebhookAudience {
  return { kind: 'organisation', organisationId: k.organisationId };
}

/** A platform event (a knowledge-base release): every subscribed endpoint of every live organisation. */
export const PLATFORM_AUDIENCE: WebhookAudience = { kind: 'platform' };

/**
 * The transactional outbox: `emit` writes the event (`{ type, timestamp, data }`) and its deliveries in the caller's
 * transaction, so an event exists exactly when the change it describes committed. Stateless (the CLI builds one).
 */
export class WebhookOutbox {
  /** Writes the event for `audience` (see {@link WebhookAudience}) and returns its id and the deliveries queued. */
  async emit(m: EntityManager, type: OutboxEventType, audience: WebhookAudience, data: Record<string, unknown>): Promise<{ eventId: string; queued: number }> {
    const eventId = newWebhookEventId();
    const payload = { type, timestamp: new Date().toISOString(), data };
    const queued = await new WebhookRepository(m).enqueue(m, { id: eventId, type, audience, payload });
    return { eventId, queued };
  }
}
