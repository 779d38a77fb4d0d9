import type { MigrationInterface, QueryRunner } from 'typeorm';

/** First schema: accounts, API keys (hash only) and the audit log. */
export class InitialSchema1763700000000 implements MigrationInterface {
  name = 'InitialSchema1763700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE account (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email text NOT NULL,
        password_hash text,
        role text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin')),
        plan text NOT NULL DEFAULT 'free',
        trial_plan text,
        trial_ends_at timestamptz,
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended')),
        suspended_at timestamptz,
        last_active_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX account_email_lower_uq ON account (lower(email))`);
    await q.query(`
      CREATE TABLE api_key (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        account_id uuid NOT NULL REFERENCES account(id) ON DELETE CASCADE,
        key_hash char(64) NOT NULL,
        hint text NOT NULL,
        label varchar(100) NOT NULL CHECK (char_length(label) BETWEEN 1 AND 100),
        scopes text[] NOT NULL DEFAULT '{}',
        allowed_ips text[] NOT NULL DEFAULT '{}',
        rate_limit integer CHECK (rate_limit IS NULL OR rate_limit > 0),
        rate_window_seconds integer CHECK (rate_window_seconds IS NULL OR rate_window_seconds > 0),
        expires_at timestamptz,
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'revoked', 'expired')),
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz,
        revoked_at timestamptz
      )`);
    await q.query(`CREATE UNIQUE INDEX api_key_hash_uq ON api_key (key_hash)`);
    await q.query(`CREATE INDEX api_key_account_idx ON api_key (account_id)`);
    await q.query(`
      CREATE TABLE audit_event (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        actor_type text NOT NULL,
        actor_id uuid,
        actor_label text,
        action text NOT NULL,
        target_type text NOT NULL,
        target_id text,
        before jsonb,
        after jsonb,
        request_id text,
        ip text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX audit_event_actor_idx ON audit_event (actor_id)`);
    await q.query(`CREATE INDEX audit_event_action_idx ON audit_event (action)`);
    await q.query(`CREATE INDEX audit_event_target_idx ON audit_event (target_type, target_id)`);
    await q.query(`CREATE INDEX audit_event_created_idx ON audit_event (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE audit_event`);
    await q.query(`DROP TABLE api_key`);
    await q.query(`DROP TABLE account`);
  }
}
