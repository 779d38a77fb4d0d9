import { Inject, Injectable } from '@nestjs/common';
import { type OrgRole, orgMay } from '@vigil/auth';
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
import { ApiKeyRepository, type WebhookEndpointRecord, WebhookRepository } from '@vigil/db';
import { ProblemException } from '@vigil/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import type { Actor } from '../common/actor';
import { ADMIN_CONFIG } from '../config/admin-config.token';
import type { AdminConfig } from '../config/admin-env.schema';
import { OrganisationAccessService } from '../organisations/organisation-access.service';
import { webhookAttemptView } from './webhook-attempt.view';
import { WebhookOutbox } from './webhook-outbox';
import { WebhookSender } from './webhook-sender';
import { generateWebhookSecret } from './webhook-signature';

/** How long a rotated-out secret keeps signing beside the new one. */
const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An organisation's webhook endpoints. Every call asks the organisation's permission matrix first (`webhooks.read`,
 * `webhooks.manage`): a non-member gets 404, a role that may not 403 `org_permission_denied`; another organisation's
 * endpoint is 404. The signing secret leaves this service twice only: in the answer to creation and to rotation; a
 * reader who may not manage sees each URL without its query (which may hold the receiver's token). Changes are audited
 * in the organisation's chain (without the secret or the URL's query) in their transaction.
 */
@Injectable()
export class WebhooksService {
  private readonly outbox = new WebhookOutbox();

  constructor(
    private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    private readonly access: OrganisationAccessService,
    @Inject(ADMIN_CONFIG) private readonly config: AdminConfig,
  ) {}

  /**
   * The organisation `/api/webhooks` stands for: the oldest live organisation the account owns (its personal one, where
   * `/api/keys` creates keys too); null when it owns none.
   */
  personalOrganisationId(accountId: string): Promise<string | null> {
    return new ApiKeyRepository(this.dataSource).defaultOrganisationId(accountId);
  }

  async list(organisationId: string, actor: Actor): Promise<WebhookEndpointResponse[]> {
    const { role, operator } = await this.access.require(this.dataSource.manager, organisationId, actor, 'webhooks.read');
    const full = operator || this.mayManage(role);
    return (await new WebhookRepository(this.dataSource).listEndpoints(organisationId)).map((e) => this.view(e, full));
  }

  async get(organisationId: string, id: string, actor: Actor): Promise<WebhookEndpointResponse> {
    const { role, operator } = await this.access.require(this.dataSource.manager, organisationId, actor, 'webhooks.read');
    return this.view(await this.load(this.dataSource.manager, organisationId, id), operator || this.mayManage(role));
  }

  async create(organisationId: string, dto: CreateWebhookEndpointRequest, actor: Actor): Promise<WebhookEndpointWithSecretResponse> {
    // Permission first, so a caller who may not manage never makes the target's DNS lookup.
    await this.access.require(this.dataSource.manager, organisationId, actor, 'webhooks.manage');
    await this.checkTarget(dto.url);
    const secret = generateWebhookSecret();
    const endpoint = await this.dataSource.transaction(async (m) => {
      // Again under the organisation's row lock: it serialises concurrent creations, so the limit holds.
      await this.access.require(m, organisationId, actor, 'webhooks.manage', true);
      const repo = new WebhookRepository(m);
      if ((await repo.countEndpoints(organisationId)) >= MAX_WEBHOOK_ENDPOINTS) {
        throw new ProblemException('Conflict', { detail: `An organisation may have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints; delete one first.` });
      }
      const e = await repo.insertEndpoint({
        organisationId,
        createdByAccountId: actor.accountId ?? null,
        url: dto.url,
        description: dto.description ?? null,
        eventTypes: dto.eventTypes,
        enabled: dto.enabled ?? true,
        secret,
      });
      await this.audit.record(m, actor, { organisationId, action: 'webhook.create', targetType: 'webhook_endpoint', targetId: e.id, after: this.auditView(e) });
      return e;
    });
    return { ...this.view(endpoint, true), secret };
  }

  async update(organisationId: string, id: string, dto: UpdateWebhookEndpointRequest, actor: Actor): Promise<WebhookEndpointResponse> {
    await this.access.require(this.dataSource.manager, organisationId, actor, 'webhooks.manage');
    if (dto.url !== undefined) await this.checkTarget(dto.url);
    return this.dataSource.transaction(async (m) => {
      await this.access.require(m, organisationId, actor, 'webhooks.manage');
      const current = await this.load(m, organisationId, id, true);
      const updated = await new WebhookRepository(m).updateEndpoint(id, {
        url: dto.url ?? current.url,
        description: dto.description === undefined ? current.description : dto.description,
        eventTypes: dto.eventTypes ?? current.eventTypes,
        enabled: dto.enabled ?? current.enabled,
      });
      await this.audit.record(m, actor, {
        organisationId,
        action: 'webhook.update',
        targetType: 'webhook_endpoint',
        targetId: id,
        before: this.auditView(current),
        after: this.auditView(updated),
      });
      return this.view(updated, true);
    });
  }

  /** Deletes the endpoint with its pending deliveries and log. */
  async remove(organisationId: string, id: string, actor: Actor): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      await this.access.require(m, organisationId, actor, 'webhooks.manage');
      const current = await this.load(m, organisationId, id, true);
      await new WebhookRepository(m).deleteEndpoint(id);
      await this.audit.record(m, actor, { organisationId, action: 'webhook.delete', targetType: 'webhook_endpoint', targetId: id, before: this.auditView(current) });
    });
  }

  /** A new secret, shown once; the current one keeps signing beside it for 24 h (a rotation within them drops the oldest). */
  async rotateSecret(organisationId: string, id: string, actor: Actor): Promise<WebhookEndpointWithSecretResponse> {
    const secret = generateWebhookSecret();
    const endpoint = await this.dataSource.transaction(async (m) => {
      await this.access.require(m, organisationId, actor, 'webhooks.manage');
      await this.load(m, organisationId, id, true);
      const e = await new WebhookRepository(m).rotateSecret(id, secret, new Date(Date.now() + ROTATION_OVERLAP_MS));
      await this.audit.record(m, actor, {
        organisationId,
        action: 'webhook.rotate_secret',
        targetType: 'webhook_endpoint',
        targetId: id,
        after: { previousSecretValidUntil: e.previousSecretExpiresAt?.toISOString() ?? null },
      });
      return e;
    });
    return { ...this.view(endpoint, true), secret };
  }

  /** Queues a `webhook.test` event to this endpoint only (enabled or not, it is sent when the endpoint is enabled). */
  async sendTest(organisationId: string, id: string, actor: Actor): Promise<WebhookTestResponse> {
    return this.dataSource.transaction(async (m) => {
      await this.access.require(m, organisationId, actor, 'webhooks.manage');
      const e = await this.load(m, organisationId, id);
      return this.outbox.emit(
        m,
        'webhook.test',
        { kind: 'endpoint', endpointId: e.id, organisationId },
        { endpointId: e.id, organisationId, message: 'A test event from Vigil: your endpoint receives and verifies webhooks.' },
      );
    });
  }

  /** The endpoint's attempts, newest first, `limit` per page. */
  async deliveries(organisationId: string, id: string, limit: number, before: string | undefined, actor: Actor): Promise<WebhookDeliveryLogResponse> {
    await this.access.require(this.dataSource.manager, organisationId, actor, 'webhooks.read');
    await this.load(this.dataSource.manager, organisationId, id);
    const rows = await new WebhookRepository(this.dataSource).listAttempts(id, limit + 1, before ?? null);
    const page = rows.slice(0, limit);
    return {
      attempts: page.map(webhookAttemptView),
      nextBefore: rows.length > limit ? page[page.length - 1].id : null,
    };
  }

  /** Another organisation's endpoint and a missing one look the same: 404. */
  private async load(m: EntityManager, organisationId: string, id: string, lock = false): Promise<WebhookEndpointRecord> {
    const e = UUID.test(id) ? await new WebhookRepository(m).findEndpoint(id, organisationId, lock) : null;
    if (!e) throw new ProblemException('NotFound', { detail: 'Webhook endpoint not found.' });
    return e;
  }

  private mayManage(role: OrgRole): boolean {
    return orgMay(role, 'webhooks.manage');
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

  /** The endpoint as the API answers it: never a secret; `fullUrl` false = the URL without its query (a reader's view). */
  view(e: WebhookEndpointRecord, fullUrl: boolean): WebhookEndpointResponse {
    const rotating = e.previousSecretExpiresAt && e.previousSecretExpiresAt > new Date() ? e.previousSecretExpiresAt.toISOString() : null;
    return {
      id: e.id,
      organisationId: e.organisationId,
      url: fullUrl ? e.url : withoutQuery(e.url),
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
    return { url: withoutQuery(e.url), description: e.description, eventTypes: e.eventTypes, enabled: e.enabled };
  }
}

/** A URL without its query and fragment (which may hold a token). */
function withoutQuery(url: string): string {
  const u = new URL(url);
  return `${u.origin}${u.pathname}`;
}
