import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { type ClaimedDelivery, WebhookRepository } from '@vigil/db';
import { DataSource } from 'typeorm';
import { ADMIN_CONFIG } from '../config/admin-config.token';
import type { AdminConfig } from '../config/admin-env.schema';
import { decideRetry } from './webhook-retry.policy';
import { WebhookSender } from './webhook-sender';
import { webhookHeaders } from './webhook-signature';
import { WebhookSweepsService } from './webhook-sweeps.service';

/** Deliveries one tick claims at most. */
const BATCH = 20;
/** Largest part of a receiver's answer read (the content is not kept). */
const MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * Delivers the outbox: every `VIGIL_WEBHOOKS_WORKER_INTERVAL_MS` it claims due deliveries (`FOR UPDATE SKIP LOCKED`, so
 * any number of admin instances share the work without sending one twice), signs each with the endpoint's secrets at
 * the time of the attempt, posts it, logs the attempt and schedules the retry (`decideRetry`). Also runs the
 * `key.expiring` and `quota.threshold` sweeps every `VIGIL_WEBHOOKS_SWEEP_INTERVAL_SECONDS`. Logs ids and status
 * codes, never a URL (it may hold a token), a secret or a payload.
 */
@Injectable()
export class WebhookDeliveryWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Webhooks');
  private readonly sender: WebhookSender;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private lastSweep = 0;
  private stopped = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly sweeps: WebhookSweepsService,
    @Inject(ADMIN_CONFIG) private readonly config: AdminConfig,
  ) {
    this.sender = new WebhookSender({
      timeoutMs: config.VIGIL_WEBHOOKS_TIMEOUT_MS,
      allowPrivate: config.VIGIL_WEBHOOKS_ALLOW_PRIVATE_TARGETS,
      maxResponseBytes: MAX_RESPONSE_BYTES,
    });
  }

  onApplicationBootstrap(): void {
    if (!this.config.VIGIL_WEBHOOKS_WORKER_ENABLED) return;
    this.timer = setInterval(() => {
      if (!this.running) this.running = this.tick().finally(() => (this.running = undefined));
    }, this.config.VIGIL_WEBHOOKS_WORKER_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  /** One round: the sweeps when due, then every due delivery (batch after batch). */
  async tick(): Promise<void> {
    try {
      if (Date.now() - this.lastSweep >= this.config.VIGIL_WEBHOOKS_SWEEP_INTERVAL_SECONDS * 1000) {
        this.lastSweep = Date.now();
        await this.sweeps.run();
      }
      const repo = new WebhookRepository(this.dataSource);
      for (let round = 0; round < 10 && !this.stopped; round++) {
        const claimed = await repo.claimDue(BATCH, this.config.VIGIL_WEBHOOKS_TIMEOUT_MS + 30_000);
        await Promise.all(claimed.map((d) => this.deliver(d)));
        if (claimed.length < BATCH) break;
      }
    } catch (error) {
      this.logger.error({ msg: 'webhook worker round failed', error: (error as Error).message });
    }
  }

  private async deliver(d: ClaimedDelivery): Promise<void> {
    const now = new Date();
    const secrets = [d.secret, ...(d.previousSecret && d.previousSecretExpiresAt && d.previousSecretExpiresAt > now ? [d.previousSecret] : [])];
    const body = JSON.stringify(d.payload);
    const headers = webhookHeaders(secrets, d.eventId, Math.floor(now.getTime() / 1000), body);
    const result = await this.sender.post(d.url, headers, body);
    const decision = decideRetry(d.attempt, result.statusCode, this.config.VIGIL_WEBHOOKS_RETRY_SCHEDULE, Math.random());
    const nextAttemptAt = decision.kind === 'retry' ? new Date(Date.now() + decision.delayMs) : null;
    const error = result.error ?? (decision.kind === 'succeeded' ? null : `HTTP ${result.statusCode}`);
    await this.dataSource.transaction((m) =>
      new WebhookRepository(m).recordAttempt(m, d.deliveryId, d.attempt, {
        statusCode: result.statusCode,
        durationMs: result.durationMs,
        error,
        status: decision.kind === 'retry' ? 'pending' : decision.kind,
        nextAttemptAt,
      }),
    );
    const log = { msg: 'webhook delivery', eventId: d.eventId, type: d.eventType, endpointId: d.endpointId, attempt: d.attempt, status: result.statusCode, outcome: decision.kind };
    if (decision.kind === 'succeeded') this.logger.log(log);
    else this.logger.warn({ ...log, error });
  }
}
