import { z } from 'zod';
import { queryInt, text, uniqueList } from '../validation/field-rules';
import { MAX_WEBHOOK_URL_LENGTH, WebhookEventTypeSchema } from './webhook-event-type';

/** An http(s) URL (whether http and the host are allowed is decided by the server's target policy). */
const webhookUrl = () =>
  text(MAX_WEBHOOK_URL_LENGTH, 'url').refine(
    (v) => {
      try {
        const u = new URL(v);
        return (u.protocol === 'https:' || u.protocol === 'http:') && u.username === '' && u.password === '' && u.hash === '';
      } catch {
        return false;
      }
    },
    { error: 'url must be an absolute https:// URL without credentials or fragment', params: { code: 'format' } },
  );

const eventTypes = () => uniqueList(WebhookEventTypeSchema, 'eventTypes').min(1, { error: 'subscribe to at least one event type' }).max(10);

/** `POST /api/orgs/:orgId/webhooks` (and `/api/webhooks`): a receiver and the events it gets. The signing secret is generated and shown once in the answer. */
export const CreateWebhookEndpointRequestSchema = z
  .strictObject({
    url: webhookUrl(),
    eventTypes: eventTypes(),
    description: text(200, 'description').optional(),
    enabled: z.boolean({ error: 'enabled must be true or false' }).optional(),
  })
  .meta({ id: 'CreateWebhookEndpointRequest' });
export type CreateWebhookEndpointRequest = z.infer<typeof CreateWebhookEndpointRequestSchema>;

/** `PATCH /api/webhooks/:id`: any subset; `description: null` clears it. */
export const UpdateWebhookEndpointRequestSchema = z
  .strictObject({
    url: webhookUrl().optional(),
    eventTypes: eventTypes().optional(),
    description: text(200, 'description').nullable().optional(),
    enabled: z.boolean({ error: 'enabled must be true or false' }).optional(),
  })
  .meta({ id: 'UpdateWebhookEndpointRequest' });
export type UpdateWebhookEndpointRequest = z.infer<typeof UpdateWebhookEndpointRequestSchema>;

/** `GET /api/webhooks/:id/deliveries?limit=&before=`: newest attempt first; `before` = `nextBefore` of the previous page. */
export const WebhookDeliveriesQuerySchema = z
  .strictObject({
    limit: queryInt('limit', 1, 200).default(50),
    before: z
      .string()
      .regex(/^\d{1,18}$/, { error: 'before must be a cursor from nextBefore' })
      .optional(),
  })
  .meta({ id: 'WebhookDeliveriesQuery' });
export type WebhookDeliveriesQuery = z.output<typeof WebhookDeliveriesQuerySchema>;
