import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Organisations (#16 items 1–3). An `organisation` has members (`organisation_member`, roles owner | admin | developer |
 * viewer, exactly one owner), email invitations (`organisation_invitation`, only the token's SHA-256 stored), projects
 * (`project`, with optional caps below the plan) and a key policy (the `policy_*` columns). Every key belongs to an
 * organisation and a project; `api_key.account_id` stays the person who made it (`kind` personal) or, for a service
 * key, the member who made it (the key belongs to the project and survives that member's removal).
 *
 * Existing data: every account becomes the owner of a one-member organisation with a "Default" project, and every key
 * moves into its account's organisation and project, so existing keys keep working unchanged.
 *
 * Two triggers keep the invariant for rows written outside the admin app (operator SQL, seeds): a new account gets its
 * own organisation, and a key inserted without an organisation goes to the first organisation its account owns.
 */
export class AddOrganisations1763701400000 implements MigrationInterface {
  name = 'AddOrganisations1763701400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE organisation (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(100) NOT NULL CHECK (length(btrim(name)) > 0),
        policy_max_key_lifetime_seconds integer CHECK (policy_max_key_lifetime_seconds IS NULL OR policy_max_key_lifetime_seconds BETWEEN 3600 AND 315360000),
        policy_require_ip_allowlist boolean NOT NULL DEFAULT false,
        policy_allowed_scopes text[],
        policy_allowed_ips text[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE organisation_member (
        organisation_id uuid NOT NULL REFERENCES organisation(id) ON DELETE CASCADE,
        account_id uuid NOT NULL REFERENCES account(id) ON DELETE CASCADE,
        role text NOT NULL CHECK (role IN ('owner', 'admin', 'developer', 'viewer')),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (organisation_id, account_id)
      )`);
    await q.query(`CREATE UNIQUE INDEX organisation_one_owner_uq ON organisation_member (organisation_id) WHERE role = 'owner'`);
    await q.query(`CREATE INDEX organisation_member_account_idx ON organisation_member (account_id)`);
    await q.query(`
      CREATE TABLE organisation_invitation (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organisation_id uuid NOT NULL REFERENCES organisation(id) ON DELETE CASCADE,
        email text NOT NULL,
        role text NOT NULL CHECK (role IN ('admin', 'developer', 'viewer')),
        token_hash char(64) NOT NULL,
        invited_by_account_id uuid REFERENCES account(id) ON DELETE SET NULL,
        expires_at timestamptz NOT NULL,
        accepted_at timestamptz,
        accepted_by_account_id uuid REFERENCES account(id) ON DELETE SET NULL,
        revoked_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX organisation_invitation_token_uq ON organisation_invitation (token_hash)`);
    await q.query(`CREATE INDEX organisation_invitation_org_idx ON organisation_invitation (organisation_id, created_at DESC)`);
    await q.query(`
      CREATE TABLE project (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organisation_id uuid NOT NULL REFERENCES organisation(id) ON DELETE CASCADE,
        name varchar(100) NOT NULL CHECK (length(btrim(name)) > 0),
        rate_limit integer CHECK (rate_limit IS NULL OR rate_limit > 0),
        rate_window_seconds integer CHECK (rate_window_seconds IS NULL OR rate_window_seconds > 0),
        monthly_quota integer CHECK (monthly_quota IS NULL OR monthly_quota >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((rate_limit IS NULL) = (rate_window_seconds IS NULL))
      )`);
    await q.query(`CREATE UNIQUE INDEX project_name_uq ON project (organisation_id, lower(name))`);

    // Existing accounts: one organisation each (named after the email), owned by the account, with a Default project.
    await q.query(`ALTER TABLE organisation ADD COLUMN migrated_account_id uuid`);
    await q.query(`INSERT INTO organisation (name, migrated_account_id, created_at) SELECT left(email, 100), id, created_at FROM account`);
    await q.query(`INSERT INTO organisation_member (organisation_id, account_id, role, created_at) SELECT id, migrated_account_id, 'owner', created_at FROM organisation`);
    await q.query(`INSERT INTO project (organisation_id, name, created_at) SELECT id, 'Default', created_at FROM organisation`);

    await q.query(`ALTER TABLE api_key
      ADD COLUMN organisation_id uuid REFERENCES organisation(id) ON DELETE CASCADE,
      ADD COLUMN project_id uuid REFERENCES project(id) ON DELETE RESTRICT,
      ADD COLUMN kind text NOT NULL DEFAULT 'personal' CHECK (kind IN ('personal', 'service'))`);
    await q.query(`UPDATE api_key k SET organisation_id = o.id, project_id = p.id
                     FROM organisation o JOIN project p ON p.organisation_id = o.id
                    WHERE o.migrated_account_id = k.account_id`);
    await q.query(`ALTER TABLE api_key ALTER COLUMN organisation_id SET NOT NULL, ALTER COLUMN project_id SET NOT NULL`);
    await q.query(`ALTER TABLE organisation DROP COLUMN migrated_account_id`);
    await q.query(`CREATE INDEX api_key_organisation_idx ON api_key (organisation_id)`);
    await q.query(`CREATE INDEX api_key_project_idx ON api_key (project_id)`);

    await q.query(`
      CREATE FUNCTION vigil_account_organisation() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE org uuid;
      BEGIN
        INSERT INTO organisation (name) VALUES (left(NEW.email, 100)) RETURNING id INTO org;
        INSERT INTO organisation_member (organisation_id, account_id, role) VALUES (org, NEW.id, 'owner');
        INSERT INTO project (organisation_id, name) VALUES (org, 'Default');
        RETURN NEW;
      END $$`);
    await q.query(`CREATE TRIGGER account_organisation AFTER INSERT ON account FOR EACH ROW EXECUTE FUNCTION vigil_account_organisation()`);
    await q.query(`
      CREATE FUNCTION vigil_api_key_organisation() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.organisation_id IS NULL THEN
          SELECT m.organisation_id INTO NEW.organisation_id FROM organisation_member m JOIN organisation o ON o.id = m.organisation_id
           WHERE m.account_id = NEW.account_id AND m.role = 'owner' ORDER BY o.created_at, o.id LIMIT 1;
        END IF;
        IF NEW.project_id IS NULL THEN
          SELECT p.id INTO NEW.project_id FROM project p WHERE p.organisation_id = NEW.organisation_id ORDER BY p.created_at, p.id LIMIT 1;
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`CREATE TRIGGER api_key_organisation BEFORE INSERT ON api_key FOR EACH ROW EXECUTE FUNCTION vigil_api_key_organisation()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER api_key_organisation ON api_key`);
    await q.query(`DROP FUNCTION vigil_api_key_organisation()`);
    await q.query(`DROP TRIGGER account_organisation ON account`);
    await q.query(`DROP FUNCTION vigil_account_organisation()`);
    await q.query(`ALTER TABLE api_key DROP COLUMN kind, DROP COLUMN project_id, DROP COLUMN organisation_id`);
    await q.query(`DROP TABLE project`);
    await q.query(`DROP TABLE organisation_invitation`);
    await q.query(`DROP TABLE organisation_member`);
    await q.query(`DROP TABLE organisation`);
  }
}
