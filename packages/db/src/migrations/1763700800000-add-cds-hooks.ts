import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * CDS Hooks: `cds_client` registers a JWT issuer and its public JWK set on one API key (one issuer, one key, across
 * the deployment), `cds_jwt_replay` remembers each JWT id until its expiry so a token is accepted once on any instance,
 * `cds_card` maps a card's stable uuid to the rule behind it, and `cds_feedback` keeps what users did with the cards.
 */
export class AddCdsHooks1763700800000 implements MigrationInterface {
  name = 'AddCdsHooks1763700800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE cds_client (
        key_id uuid PRIMARY KEY REFERENCES api_key(id) ON DELETE CASCADE,
        issuer text NOT NULL UNIQUE CHECK (length(issuer) BETWEEN 1 AND 500),
        jwks jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE cds_jwt_replay (
        issuer text NOT NULL,
        jti text NOT NULL,
        expires_at timestamptz NOT NULL,
        PRIMARY KEY (issuer, jti)
      )`);
    await q.query(`CREATE INDEX cds_jwt_replay_expiry_idx ON cds_jwt_replay (expires_at)`);
    await q.query(`
      CREATE TABLE cds_card (
        uuid uuid PRIMARY KEY,
        rule_id text NOT NULL,
        ingredients text[] NOT NULL,
        severity text NOT NULL,
        first_seen timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE cds_feedback (
        id bigserial PRIMARY KEY,
        account_id uuid NOT NULL REFERENCES account(id) ON DELETE CASCADE,
        key_id uuid,
        service_id text NOT NULL,
        card_uuid uuid NOT NULL,
        rule_id text,
        outcome text NOT NULL CHECK (outcome IN ('accepted', 'overridden')),
        reason_system text,
        reason_code text,
        user_comment text,
        outcome_at timestamptz NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX cds_feedback_account_idx ON cds_feedback (account_id, received_at)`);
    await q.query(`CREATE INDEX cds_feedback_rule_idx ON cds_feedback (rule_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE cds_feedback`);
    await q.query(`DROP TABLE cds_card`);
    await q.query(`DROP TABLE cds_jwt_replay`);
    await q.query(`DROP TABLE cds_client`);
  }
}
