import type { DataSource, EntityManager } from 'typeorm';

/** A receiver of an organisation's webhooks, with its signing secrets (never shown after creation or rotation). */
export interface WebhookEndpointRecord {
  id: string;
  organisationId: string;
  /** The account that created it (null once that account is deleted); it does not own the endpoint. */
  createdByAccountId: string | null;
  url: string;
  description: string | null;
  eventTypes: string[];
  enabled: boolean;
  secret: string;
  /** The secret before the last rotation; it keeps signing until `previousSecretExpiresAt`. */
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * Who an event is for: `platform` = every subscribed endpoint of every live organisation; `organisation` = that
 * organisation's subscribed endpoints; `ownedBy` = the subscribed endpoints of every live organisation the account owns;
 * `endpoint` = that endpoint only, whatever it subscribes to (a `webhook.test` event).
 */
export type WebhookAudience =
  | { kind: 'platform' }
  | { kind: 'organisation'; organisationId: string }
  | { kind: 'ownedBy'; accountId: string }
  | { kind: 'endpoint'; endpointId: string; organisationId: string };

/** An event written to the outbox, with its audience. */
export interface WebhookEventInput {
  id: string;
  type: string;
  audience: WebhookAudience;
  payload: Record<string, unknown>;
}

/** A delivery the worker claimed: the event and where and how to send it. */
export interface ClaimedDelivery {
  deliveryId: string;
  attempt: number;
  eventId: string;
  eventType: string;
  payload: Record<string, unknown>;
  eventCreatedAt: Date;
  endpointId: string;
  url: string;
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
}

/** One attempt of the delivery log. */
export interface WebhookAttemptRecord {
  id: string;
  deliveryId: string;
  eventId: string;
  eventType: string;
  attempt: number;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  nextRetryAt: Date | null;
  attemptedAt: Date;
  deliveryStatus: 'pending' | 'succeeded' | 'failed';
}

/** An attempt's outcome and what follows it. */
export interface WebhookAttemptOutcome {
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  /** `pending` with `nextAttemptAt` = retry; otherwise final. */
  status: 'pending' | 'succeeded' | 'failed';
  nextAttemptAt: Date | null;
}

/** An active key expiring soon (what a `key.expiring` notice names; never the key or its hash). */
export interface ExpiringKeyRow {
  keyId: string;
  /** The key's maker. */
  accountId: string;
  organisationId: string;
  label: string;
  hint: string;
  expiresAt: Date;
}

/** An account's calls this UTC month, with what decides its plan. */
export interface AccountMonthCallsRow {
  accountId: string;
  month: string;
  calls: number;
  plan: string;
  trialPlan: string | null;
  trialEndsAt: Date | null;
}

interface EndpointRow {
  id: string;
  organisation_id: string;
  account_id: string | null;
  url: string;
  description: string | null;
  event_types: string[];
  enabled: boolean;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const ENDPOINT_COLUMNS = 'id, organisation_id, account_id, url, description, event_types, enabled, secret, previous_secret, previous_secret_expires_at, created_at, updated_at';

const endpointOf = (r: EndpointRow): WebhookEndpointRecord => ({
  id: r.id,
  organisationId: r.organisation_id,
  createdByAccountId: r.account_id,
  url: r.url,
  description: r.description,
  eventTypes: r.event_types,
  enabled: r.enabled,
  secret: r.secret,
  previousSecret: r.previous_secret,
  previousSecretExpiresAt: r.previous_secret_expires_at,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** Every read and write of the webhook tables (`webhook_endpoint`, `webhook_event`, `webhook_delivery`, `webhook_delivery_attempt`, `webhook_notice`). */
export class WebhookRepository {
  constructor(private readonly db: DataSource | EntityManager) {}

  private get manager(): EntityManager {
    return 'manager' in this.db ? this.db.manager : this.db;
  }

  async listEndpoints(organisationId: string): Promise<WebhookEndpointRecord[]> {
    const rows: EndpointRow[] = await this.manager.query(`SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoint WHERE organisation_id = $1 ORDER BY created_at, id`, [organisationId]);
    return rows.map(endpointOf);
  }

  /**
   * Every endpoint of a live organisation (the operator CLI), with its organisation's name and owner's email; or only
   * one organisation's, or those of the organisations one account owns.
   */
  async listAll(filter: { organisationId?: string; ownerAccountId?: string } = {}): Promise<(WebhookEndpointRecord & { organisationName: string; ownerEmail: string })[]> {
    const rows: (EndpointRow & { organisation_name: string; owner_email: string })[] = await this.manager.query(
      `SELECT e.${ENDPOINT_COLUMNS.split(', ').join(', e.')}, o.name AS organisation_name, a.email AS owner_email
         FROM webhook_endpoint e JOIN organisation o ON o.id = e.organisation_id
         JOIN organisation_member om ON om.organisation_id = o.id AND om.role = 'owner' JOIN account a ON a.id = om.account_id
        WHERE o.deleted_at IS NULL AND ($1::uuid IS NULL OR e.organisation_id = $1) AND ($2::uuid IS NULL OR om.account_id = $2)
        ORDER BY a.email, o.created_at, o.id, e.created_at, e.id`,
      [filter.organisationId ?? null, filter.ownerAccountId ?? null],
    );
    return rows.map((r) => ({ ...endpointOf(r), organisationName: r.organisation_name, ownerEmail: r.owner_email }));
  }

  async countEndpoints(organisationId: string): Promise<number> {
    const rows: { n: number }[] = await this.manager.query(`SELECT count(*)::int AS n FROM webhook_endpoint WHERE organisation_id = $1`, [organisationId]);
    return rows[0].n;
  }

  /** An endpoint by id; `organisationId` null = any organisation's. `lock` = `FOR UPDATE` (inside a transaction). */
  async findEndpoint(id: string, organisationId: string | null, lock = false): Promise<WebhookEndpointRecord | null> {
    const rows: EndpointRow[] = await this.manager.query(
      `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoint WHERE id = $1 AND ($2::uuid IS NULL OR organisation_id = $2)${lock ? ' FOR UPDATE' : ''}`,
      [id, organisationId],
    );
    return rows[0] ? endpointOf(rows[0]) : null;
  }

  async insertEndpoint(input: {
    organisationId: string;
    createdByAccountId: string | null;
    url: string;
    description: string | null;
    eventTypes: string[];
    enabled: boolean;
    secret: string;
  }): Promise<WebhookEndpointRecord> {
    const rows: EndpointRow[] = await this.manager.query(
      `INSERT INTO webhook_endpoint (organisation_id, account_id, url, description, event_types, enabled, secret) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${ENDPOINT_COLUMNS}`,
      [input.organisationId, input.createdByAccountId, input.url, input.description, input.eventTypes, input.enabled, input.secret],
    );
    return endpointOf(rows[0]);
  }

  /** The rows of an `UPDATE … RETURNING` (TypeORM's PostgreSQL driver answers `[rows, affected]` for updates). */
  private async updated(sql: string, params: unknown[]): Promise<EndpointRow[]> {
    const result: [EndpointRow[], number] = await this.manager.query(sql, params);
    return result[0];
  }

  async updateEndpoint(id: string, change: { url: string; description: string | null; eventTypes: string[]; enabled: boolean }): Promise<WebhookEndpointRecord> {
    const rows = await this.updated(
      `UPDATE webhook_endpoint SET url = $2, description = $3, event_types = $4, enabled = $5, updated_at = now() WHERE id = $1 RETURNING ${ENDPOINT_COLUMNS}`,
      [id, change.url, change.description, change.eventTypes, change.enabled],
    );
    return endpointOf(rows[0]);
  }

  /** The new secret signs from now; the current one keeps signing (beside it) until `overlapUntil`. */
  async rotateSecret(id: string, secret: string, overlapUntil: Date): Promise<WebhookEndpointRecord> {
    const rows = await this.updated(
      `UPDATE webhook_endpoint SET previous_secret = secret, previous_secret_expires_at = $3, secret = $2, updated_at = now() WHERE id = $1 RETURNING ${ENDPOINT_COLUMNS}`,
      [id, secret, overlapUntil],
    );
    return endpointOf(rows[0]);
  }

  async deleteEndpoint(id: string): Promise<void> {
    await this.manager.query(`DELETE FROM webhook_endpoint WHERE id = $1`, [id]);
  }

  /**
   * Writes an event to the outbox and one pending delivery, due now, per endpoint of its audience: the enabled endpoints
   * subscribed to its type of one organisation, of the live organisations an account owns, or of every live
   * organisation (a platform event); or one endpoint. Call it in the transaction of the change it describes. Returns
   * the number of deliveries.
   */
  async enqueue(m: EntityManager, event: WebhookEventInput): Promise<number> {
    const a = event.audience;
    const organisationId = a.kind === 'organisation' || a.kind === 'endpoint' ? a.organisationId : null;
    const accountId = a.kind === 'ownedBy' ? a.accountId : null;
    await m.query(`INSERT INTO webhook_event (id, type, organisation_id, account_id, payload) VALUES ($1, $2, $3, $4, $5)`, [
      event.id,
      event.type,
      organisationId,
      accountId,
      event.payload,
    ]);
    const insert = `INSERT INTO webhook_delivery (event_id, endpoint_id, next_attempt_at) SELECT $1, e.id, now() FROM webhook_endpoint e`;
    const subscribed = `e.enabled AND $2 = ANY(e.event_types)`;
    let rows: { id: string }[];
    if (a.kind === 'endpoint') {
      rows = await m.query(`${insert} WHERE e.id = $2 AND e.organisation_id = $3 RETURNING id`, [event.id, a.endpointId, a.organisationId]);
    } else if (a.kind === 'organisation') {
      rows = await m.query(`${insert} WHERE ${subscribed} AND e.organisation_id = $3 RETURNING id`, [event.id, event.type, a.organisationId]);
    } else if (a.kind === 'ownedBy') {
      rows = await m.query(
        `${insert} JOIN organisation o ON o.id = e.organisation_id AND o.deleted_at IS NULL
           JOIN organisation_member om ON om.organisation_id = o.id AND om.role = 'owner' AND om.account_id = $3
          WHERE ${subscribed} RETURNING id`,
        [event.id, event.type, a.accountId],
      );
    } else {
      rows = await m.query(`${insert} JOIN organisation o ON o.id = e.organisation_id AND o.deleted_at IS NULL WHERE ${subscribed} RETURNING id`, [event.id, event.type]);
    }
    return rows.length;
  }

  /**
   * Claims up to `limit` due deliveries of enabled endpoints (`FOR UPDATE SKIP LOCKED`, so instances never claim the
   * same one), counting the attempt and leasing each for `leaseMs`: a worker that dies mid-send leaves the delivery
   * to be retried when the lease ends.
   */
  async claimDue(limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
    const rows: {
      delivery_id: string;
      attempts: number;
      event_id: string;
      type: string;
      payload: Record<string, unknown>;
      event_created_at: Date;
      endpoint_id: string;
      url: string;
      secret: string;
      previous_secret: string | null;
      previous_secret_expires_at: Date | null;
    }[] = await this.manager.query(
      `WITH due AS (
         SELECT d.id FROM webhook_delivery d JOIN webhook_endpoint e ON e.id = d.endpoint_id
          WHERE d.status = 'pending' AND d.next_attempt_at <= now() AND e.enabled
          ORDER BY d.next_attempt_at LIMIT $1 FOR UPDATE OF d SKIP LOCKED
       ), claimed AS (
         UPDATE webhook_delivery d SET attempts = d.attempts + 1, next_attempt_at = now() + make_interval(secs => $2::double precision / 1000), updated_at = now()
           FROM due WHERE d.id = due.id RETURNING d.id, d.attempts, d.event_id, d.endpoint_id
       )
       SELECT c.id AS delivery_id, c.attempts, c.event_id, ev.type, ev.payload, ev.created_at AS event_created_at, c.endpoint_id,
              e.url, e.secret, e.previous_secret, e.previous_secret_expires_at
         FROM claimed c JOIN webhook_event ev ON ev.id = c.event_id JOIN webhook_endpoint e ON e.id = c.endpoint_id`,
      [limit, leaseMs],
    );
    return rows.map((r) => ({
      deliveryId: String(r.delivery_id),
      attempt: r.attempts,
      eventId: r.event_id,
      eventType: r.type,
      payload: r.payload,
      eventCreatedAt: r.event_created_at,
      endpointId: r.endpoint_id,
      url: r.url,
      secret: r.secret,
      previousSecret: r.previous_secret,
      previousSecretExpiresAt: r.previous_secret_expires_at,
    }));
  }

  /** Logs an attempt and moves its delivery on (retry later, succeeded or failed), in one transaction. */
  async recordAttempt(m: EntityManager, deliveryId: string, attempt: number, outcome: WebhookAttemptOutcome): Promise<void> {
    await m.query(`INSERT INTO webhook_delivery_attempt (delivery_id, attempt, status_code, duration_ms, error, next_retry_at) VALUES ($1, $2, $3, $4, $5, $6)`, [
      deliveryId,
      attempt,
      outcome.statusCode,
      Math.round(outcome.durationMs),
      outcome.error,
      outcome.nextAttemptAt,
    ]);
    await m.query(`UPDATE webhook_delivery SET status = $2, next_attempt_at = $3, updated_at = now() WHERE id = $1`, [deliveryId, outcome.status, outcome.nextAttemptAt]);
  }

  /** An endpoint's delivery log, newest attempt first; `before` = the last id of the previous page. */
  async listAttempts(endpointId: string, limit: number, before: string | null): Promise<WebhookAttemptRecord[]> {
    const rows: {
      id: string;
      delivery_id: string;
      event_id: string;
      type: string;
      attempt: number;
      status_code: number | null;
      duration_ms: number;
      error: string | null;
      next_retry_at: Date | null;
      attempted_at: Date;
      status: 'pending' | 'succeeded' | 'failed';
    }[] = await this.manager.query(
      `SELECT a.id, a.delivery_id, d.event_id, ev.type, a.attempt, a.status_code, a.duration_ms, a.error, a.next_retry_at, a.attempted_at, d.status
         FROM webhook_delivery_attempt a JOIN webhook_delivery d ON d.id = a.delivery_id JOIN webhook_event ev ON ev.id = d.event_id
        WHERE d.endpoint_id = $1 AND ($3::bigint IS NULL OR a.id < $3)
        ORDER BY a.id DESC LIMIT $2`,
      [endpointId, limit, before],
    );
    return rows.map((r) => ({
      id: String(r.id),
      deliveryId: String(r.delivery_id),
      eventId: r.event_id,
      eventType: r.type,
      attempt: r.attempt,
      statusCode: r.status_code,
      durationMs: r.duration_ms,
      error: r.error,
      nextRetryAt: r.next_retry_at,
      attemptedAt: r.attempted_at,
      deliveryStatus: r.status,
    }));
  }

  /**
   * Records that `kind` was announced for `subjectId` in `period`, in the caller's transaction: true the first time,
   * false when already recorded — or, with `minIntervalDays`, when recorded less than that long ago (then the time is
   * renewed). Concurrent callers serialise on the row, so exactly one of two instances gets true.
   */
  async claimNotice(m: EntityManager, kind: string, subjectId: string, period: string, minIntervalDays?: number): Promise<boolean> {
    const rows: unknown[] = await m.query(
      minIntervalDays === undefined
        ? `INSERT INTO webhook_notice (kind, subject_id, period) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING 1`
        : `INSERT INTO webhook_notice (kind, subject_id, period) VALUES ($1, $2, $3)
           ON CONFLICT (kind, subject_id, period) DO UPDATE SET sent_at = now()
           WHERE webhook_notice.sent_at <= now() - make_interval(days => $4) RETURNING 1`,
      minIntervalDays === undefined ? [kind, subjectId, period] : [kind, subjectId, period, minIntervalDays],
    );
    return rows.length === 1;
  }

  /**
   * Deletes up to `limit` events older than `days` whose deliveries are all finished (with their deliveries and
   * attempt log), and sweep notices older than `days` (a later notice is governed by its own period or interval).
   * Returns the number of events deleted.
   */
  async prune(days: number, limit: number): Promise<number> {
    const [, deleted]: [unknown[], number] = await this.manager.query(
      `DELETE FROM webhook_event WHERE id IN (
         SELECT ev.id FROM webhook_event ev
          WHERE ev.created_at < now() - make_interval(days => $1)
            AND NOT EXISTS (SELECT 1 FROM webhook_delivery d WHERE d.event_id = ev.id AND d.status = 'pending')
          ORDER BY ev.created_at LIMIT $2)`,
      [days, limit],
    );
    await this.manager.query(`DELETE FROM webhook_notice WHERE sent_at < now() - make_interval(days => $1)`, [Math.max(days, 40)]);
    return deleted;
  }

  /** Active keys whose expiry falls within the next `withinDays` days, each with its organisation (whose endpoints are told). */
  async expiringKeys(withinDays: number): Promise<ExpiringKeyRow[]> {
    const rows: { id: string; account_id: string; organisation_id: string; label: string; hint: string; expires_at: Date }[] = await this.manager.query(
      `SELECT k.id, k.account_id, k.organisation_id, k.label, k.hint, k.expires_at
         FROM api_key k
        WHERE k.status = 'active' AND k.expires_at > now() AND k.expires_at <= now() + make_interval(days => $1) ORDER BY k.expires_at LIMIT 1000`,
      [withinDays],
    );
    return rows.map((r) => ({ keyId: r.id, accountId: r.account_id, organisationId: r.organisation_id, label: r.label, hint: r.hint, expiresAt: r.expires_at }));
  }

  /** Each active account's calls in the current UTC month (`account_month_usage`), with its plan fields. */
  async monthCalls(): Promise<AccountMonthCallsRow[]> {
    const rows: { account_id: string; month: string; calls: string; plan: string; trial_plan: string | null; trial_ends_at: Date | null }[] = await this.manager.query(
      `SELECT u.account_id, to_char(u.month, 'YYYY-MM') AS month, u.calls, a.plan, a.trial_plan, a.trial_ends_at
         FROM account_month_usage u JOIN account a ON a.id = u.account_id
        WHERE u.month = date_trunc('month', now() AT TIME ZONE 'UTC')::date AND a.status = 'active' AND u.calls > 0`,
    );
    return rows.map((r) => ({ accountId: r.account_id, month: r.month, calls: Number(r.calls), plan: r.plan, trialPlan: r.trial_plan, trialEndsAt: r.trial_ends_at }));
  }
}
