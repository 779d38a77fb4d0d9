import { z } from 'zod';

/** Event types an endpoint may subscribe to (`webhook.test` is sent on request only, to one endpoint). */
export const WEBHOOK_EVENT_TYPES = ['key.created', 'key.revoked', 'key.expiring', 'key.exposed', 'kb.release.activated', 'quota.threshold'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WebhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES, { error: `must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}` });

/** Most endpoints one organisation may have. */
export const MAX_WEBHOOK_ENDPOINTS = 10;

/** Longest endpoint URL accepted. */
export const MAX_WEBHOOK_URL_LENGTH = 2048;
