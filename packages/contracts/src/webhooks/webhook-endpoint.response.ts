import { z } from 'zod';
import { WebhookEventTypeSchema } from './webhook-event-type';

/** A webhook endpoint as the dashboard shows it: never its secret. */
export const WebhookEndpointResponseSchema = z
  .object({
    id: z.string(),
    organisationId: z.string().describe('The organisation the endpoint belongs to (it gets the events about that organisation’s keys)'),
    url: z.string().describe('The receiver; for a member who may not manage endpoints, without its query (which may hold a token)'),
    description: z.string().nullable(),
    eventTypes: z.array(WebhookEventTypeSchema),
    enabled: z.boolean(),
    secretRotatingUntil: z.string().nullable().describe('While set, the previous secret still signs too (a second v1 signature)'),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpointResponse = z.infer<typeof WebhookEndpointResponseSchema>;

/** The answers that carry the signing secret (`whsec_…`): creation and rotation, once, with `Cache-Control: no-store`. */
export const WebhookEndpointWithSecretResponseSchema = WebhookEndpointResponseSchema.extend({ secret: z.string().regex(/^whsec_[A-Za-z0-9+/=]+$/) }).meta({
  id: 'WebhookEndpointWithSecret',
});
export type WebhookEndpointWithSecretResponse = z.infer<typeof WebhookEndpointWithSecretResponseSchema>;

/** `GET /api/orgs/:orgId/webhooks` and `GET /api/webhooks`. */
export const WebhookEndpointListResponseSchema = z.object({ endpoints: z.array(WebhookEndpointResponseSchema) }).meta({ id: 'WebhookEndpointList' });
export type WebhookEndpointListResponse = z.infer<typeof WebhookEndpointListResponseSchema>;

/** One attempt of the delivery log. */
export const WebhookAttemptResponseSchema = z
  .object({
    eventId: z.string(),
    eventType: z.string(),
    attempt: z.int(),
    statusCode: z.int().nullable().describe('The receiver’s status; null = no answer (refused, timed out, unreachable)'),
    durationMs: z.int(),
    error: z.string().nullable(),
    nextRetryAt: z.string().nullable(),
    attemptedAt: z.string(),
    deliveryStatus: z.enum(['pending', 'succeeded', 'failed']),
  })
  .meta({ id: 'WebhookAttempt' });
export type WebhookAttemptResponse = z.infer<typeof WebhookAttemptResponseSchema>;

/** `GET /api/orgs/:orgId/webhooks/:id/deliveries` (and under `/api/webhooks`). */
export const WebhookDeliveryLogResponseSchema = z.object({ attempts: z.array(WebhookAttemptResponseSchema), nextBefore: z.string().nullable() }).meta({ id: 'WebhookDeliveryLog' });
export type WebhookDeliveryLogResponse = z.infer<typeof WebhookDeliveryLogResponseSchema>;

/** `POST /api/orgs/:orgId/webhooks/:id/test` (and under `/api/webhooks`): the queued `webhook.test` event. */
export const WebhookTestResponseSchema = z.object({ eventId: z.string(), queued: z.int() }).meta({ id: 'WebhookTestResult' });
export type WebhookTestResponse = z.infer<typeof WebhookTestResponseSchema>;
