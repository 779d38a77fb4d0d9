import type { WebhookAttemptResponse } from '@vigil/contracts';
import type { WebhookAttemptRecord } from '@vigil/db';

/** One delivery attempt as the delivery log shows it (admin API and `./vigil webhooks deliveries`). */
export function webhookAttemptView(a: WebhookAttemptRecord): WebhookAttemptResponse {
  return {
    eventId: a.eventId,
    eventType: a.eventType,
    attempt: a.attempt,
    statusCode: a.statusCode,
    durationMs: a.durationMs,
    error: a.error,
    nextRetryAt: a.nextRetryAt?.toISOString() ?? null,
    attemptedAt: a.attemptedAt.toISOString(),
    deliveryStatus: a.deliveryStatus,
  };
}
