import { Inject, Injectable } from '@nestjs/common';
import {
  type CreateWebhookEndpointRequest,
  MAX_WEBHOOK_ENDPOINTS,
  type UpdateWebhookEndpointRequest,
  type WebhookDeliveryLogResponse,
  type WebhookEndpointResponse,
  type WebhookEndpointWithSecretResponse,
  type WebhookEventType,
  type WebhookTestResponse,
} from '@vigil/contracts';
import { AccountEntity, type WebhookEndpointRecord, WebhookRepository } from '@vigil/db';
import { ProblemException } from '@vigil/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import type { Actor } from '../common/actor';
import { ADMIN_CONFIG } from '../config/admin-config.token';
import type { AdminConfig } from '../config/admin-env.schema';
import { webhookAttemptView } from './webhook-attempt.view';
import { WebhookOutbox } from './webhook-outbox';
import { WebhookSender } from './webhook-sender';
import { generateWebhookSecret } from './webhook-signature';

/** How long a rotated-out secret keeps signing beside the new one. */
const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An account's webhook endpoints. The signing secret leaves this service twice only: in the answer to creation and to
 * rotation. Changes are audited (without the secret or the URL's query, which may hold a token) in their transaction.
 */
@Injectable()
export class WebhooksService {
  private readonly outbox = new WebhookOutbox();

  constructor(
    private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    @Inject(ADMIN_CONFIG) private readonly config: AdminConfig,
  ) {}

  async list(accountId: string): Promise<WebhookEndpointResponse[]> {
    return (await new WebhookRepository(this.dataSource).listEndpoints(accountId)).map((e) => this.view(e));
  }

  async get(accountId: string, id: string): Promise<WebhookEndpointResponse> {
    return this.view(await this.load(this.dataSource.manager, accountId, id));
  }

  async create(accountId: string, dto: CreateWebhookEndpointRequest, actor: Actor): Promise<WebhookEndpointWithSecretResponse> {
    await this.checkTarget(dto.url);
    const secret = generateWebhookSecret();
    const endpoint = await this.dataSource.transaction(async (m) => {
      // The account row lock serialises concurrent creations, so the limit holds.
      const account = await m.findOne(AccountEntity, { where: { id: accountId }, lock: { mode: 'pessimistic_write' } });
      if (!account) throw new ProblemException('NotFound', { detail: 'Account not found.' });
      const repo = new WebhookRepository(m);
      if ((await repo.countEndpoints(accountId)) >= MAX_WEBHOOK_ENDPOINTS) {
        throw new ProblemException('Conflict', { detail: `An account may have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints; delete one first.` });
      }
      const e = await repo.insertEndpoint({ accountId, url: dto.url, description: dto.description ?? null, eventTypes: dto.eventTypes, enabled: dto.enabled ?? true, secret });
      await this.audit.record(m, actor, { action: 'webhook.create', targetType: 'webhook_endpoint', targetId: e.id, after: this.auditView(e) });
      return e;
    });
    return { ...this.view(endpoint), secret };
  }

  async update(accountId: string, id: string, dto: UpdateWebhookEndpointRequest, actor: Actor): Promise<WebhookEndpointResponse> {
    if (dto.url !== undefined) await this.checkTarget(dto.url);
    return this.dataSource.transaction(async (m) => {
      const current = await this.load(m, accountId, id, true);
      const updated = await new WebhookRepository(m).updateEndpoint(id, {
        url: dto.url ?? current.url,
        description: dto.description === undefined ? current.description : dto.description,
        eventTypes: dto.eventTypes ?? current.eventTypes,
        enabled: dto.enabled ?? current.enabled,
      });
      await this.audit.record(m, actor, {
        action: 'webhook.update',
        targetType: 'webhook_endpoint',
        targetId: id,
        before: this.auditView(current),
        after: this.auditView(updated),
      });
      return this.view(updated);
    });
  }

  /** Deletes the endpoint with its pending deliveries and log. */
  async remove(accountId: string, id: string, actor: Actor): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      const current = await this.load(m, accountId, id, true);
      await new WebhookRepository(m).deleteEndpoint(id);
      await this.audit.record(m, actor, { action: 'webhook.delete', targetType: 'webhook_endpoint', targetId: id, before: this.auditView(current) });
    });
  }

  /** A new secret, shown once; the current one keeps signing beside it for 24 h (a rotation within them drops the oldest). */
  async rotateSecret(accountId: string, id: string, actor: Actor): Promise<WebhookEndpointWithSecretResponse> {
    const secret = generateWebhookSecret();
    const endpoint = await this.dataSource.transaction(async (m) => {
      await this.load(m, accountId, id, true);
      const e = await new WebhookRepository(m).rotateSecret(id, secret, new Date(Date.now() + ROTATION_OVERLAP_MS));
      await this.audit.record(m, actor, {
        action: 'webhook.rotate_secret',
        targetType: 'webhook_endpoint',
        targetId: id,
        after: { previousSecretValidUntil: e.previousSecretExpiresAt?.toISOString() ?? null },
      });
      return e;
    });
    return { ...this.view(endpoint), secret };
  }

  /** Queues a `webhook.test` event to this endpoint only (enabled or not, it is sent when the endpoint is enabled). */
  async sendTest(accountId: string, id: string): Promise<WebhookTestResponse> {
    return this.dataSource.transaction(async (m) => {
      const e = await this.load(m, accountId, id);
      return this.outbox.emit(m, 'webhook.test', accountId, { endpointId: e.id, message: 'A test event from Vigil: your endpoint receives and verifies webhooks.' }, e.id);
    });
  }

  /** The endpoint's attempts, newest first, `limit` per page. */
  async deliveries(accountId: string, id: string, limit: number, before: string | undefined): Promise<WebhookDeliveryLogResponse> {
    await this.load(this.dataSource.manager, accountId, id);
    const rows = await new WebhookRepository(this.dataSource).listAttempts(id, limit + 1, before ?? null);
    const page = rows.slice(0, limit);
    return {
      attempts: page.map(webhookAttemptView),
      nextBefore: rows.length > limit ? page[page.length - 1].id : null,
    };
  }

  /** Another account's endpoint and a missing one look the same: 404. `accountId` null = any account (the CLI). */
  async load(m: EntityManager, accountId: string | null, id: string, lock = false): Promise<WebhookEndpointRecord> {
    const e = UUID.test(id) ? await new WebhookRepository(m).findEndpoint(id, accountId, lock) : null;
    if (!e) throw new ProblemException('NotFound', { detail: 'Webhook endpoint not found.' });
    return e;
  }

  private async checkTarget(url: string): Promise<void> {
    const refusal = await WebhookSender.resolveRefusal(url, this.config.VIGIL_WEBHOOKS_ALLOW_PRIVATE_TARGETS);
    if (refusal) {
      throw new ProblemException('ValidationFailed', {
        detail: `The webhook URL ${refusal}: Vigil only sends webhooks to public https addresses.`,
        errors: [{ pointer: '/url', code: 'target_refused', message: refusal }],
      });
    }
  }

  view(e: WebhookEndpointRecord): WebhookEndpointResponse {
    const rotating = e.previousSecretExpiresAt && e.previousSecretExpiresAt > new Date() ? e.previousSecretExpiresAt.toISOString() : null;
    return {
      id: e.id,
      url: e.url,
      description: e.description,
      eventTypes: e.eventTypes as WebhookEventType[],
      enabled: e.enabled,
      secretRotatingUntil: rotating,
      createdAt: e.createdAt.toISOString(),
      updatedAt: e.updatedAt.toISOString(),
    };
  }

  /** What the audit log keeps of an endpoint: never the secret, and the URL without its query. */
  private auditView(e: WebhookEndpointRecord): Record<string, unknown> {
    const u = new URL(e.url);
    return { url: `${u.origin}${u.pathname}`, description: e.description, eventTypes: e.eventTypes, enabled: e.enabled };
  }
}
