import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Signed webhooks. `webhook_endpoint`: an account's receivers, each with its signing secret (and, for 24 h after a
 * rotation, the previous one, which keeps signing too). `webhook_event`: the outbox, written in the transaction of the
 * change it describes; `account_id` null = a platform event (a knowledge-base release) every subscribed endpoint gets.
 * `webhook_delivery`: one per event and endpoint, fanned out in that same transaction, claimed by the admin worker
 * (`FOR UPDATE SKIP LOCKED`) when `next_attempt_at` is due; `webhook_delivery_attempt`: the delivery log.
 * `webhook_notice`: what the sweeps (`key.expiring`, `quota.threshold`) already announced, so two admin instances
 * announce once.
 */
export class AddWebhooks1763701300000 implements MigrationInterface {
  name = 'AddWebhooks1763701300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE webhook_endpoint (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        account_id uuid NOT NULL REFERENCES account(id) ON DELETE CASCADE,
        url text NOT NULL CHECK (length(url) <= 2048),
        description text CHECK (description IS NULL OR length(description) <= 200),
        event_types text[] NOT NULL CHECK (cardinality(event_types) > 0),
        enabled boolean NOT NULL DEFAULT true,
        secret text NOT NULL,
        previous_secret text,
        previous_secret_expires_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX webhook_endpoint_account_idx ON webhook_endpoint (account_id)`);
    await q.query(`
      CREATE TABLE webhook_event (
        id text PRIMARY KEY,
        type text NOT NULL,
        account_id uuid REFERENCES account(id) ON DELETE CASCADE,
        payload jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX webhook_event_created_idx ON webhook_event (created_at)`);
    await q.query(`
      CREATE TABLE webhook_delivery (
        id bigserial PRIMARY KEY,
        event_id text NOT NULL REFERENCES webhook_event(id) ON DELETE CASCADE,
        endpoint_id uuid NOT NULL REFERENCES webhook_endpoint(id) ON DELETE CASCADE,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
        attempts int NOT NULL DEFAULT 0,
        next_attempt_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (event_id, endpoint_id)
      )`);
    await q.query(`CREATE INDEX webhook_delivery_due_idx ON webhook_delivery (next_attempt_at) WHERE status = 'pending'`);
    await q.query(`CREATE INDEX webhook_delivery_endpoint_idx ON webhook_delivery (endpoint_id, id DESC)`);
    await q.query(`
      CREATE TABLE webhook_delivery_attempt (
        id bigserial PRIMARY KEY,
        delivery_id bigint NOT NULL REFERENCES webhook_delivery(id) ON DELETE CASCADE,
        attempt int NOT NULL,
        status_code int,
        duration_ms int NOT NULL,
        error text,
        next_retry_at timestamptz,
        attempted_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX webhook_delivery_attempt_delivery_idx ON webhook_delivery_attempt (delivery_id)`);
    await q.query(`
      CREATE TABLE webhook_notice (
        kind text NOT NULL,
        subject_id uuid NOT NULL,
        period text NOT NULL,
        sent_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (kind, subject_id, period)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE webhook_notice`);
    await q.query(`DROP TABLE webhook_delivery_attempt`);
    await q.query(`DROP TABLE webhook_delivery`);
    await q.query(`DROP TABLE webhook_event`);
    await q.query(`DROP TABLE webhook_endpoint`);
  }
}
