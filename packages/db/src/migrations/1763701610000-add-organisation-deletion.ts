import type { MigrationInterface, QueryRunner } from 'typeorm';

const keyOrganisationTrigger = (skipDeleted: boolean) => `
  CREATE OR REPLACE FUNCTION vigil_api_key_organisation() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF NEW.organisation_id IS NULL THEN
      SELECT m.organisation_id INTO NEW.organisation_id FROM organisation_member m JOIN organisation o ON o.id = m.organisation_id
       WHERE m.account_id = NEW.account_id AND m.role = 'owner'${skipDeleted ? ' AND o.deleted_at IS NULL' : ''} ORDER BY o.created_at, o.id LIMIT 1;
    END IF;
    IF NEW.project_id IS NULL THEN
      SELECT p.id INTO NEW.project_id FROM project p WHERE p.organisation_id = NEW.organisation_id ORDER BY p.created_at, p.id LIMIT 1;
    END IF;
    RETURN NEW;
  END $$`;

/**
 * Organisation deletion is a soft delete (`organisation.deleted_at`): the row stays so its audit chain (`org:<id>`)
 * keeps a subject and stays verifiable, while every route answers 404 for it; a key inserted without an organisation
 * (operator SQL, seeds) no longer lands in a deleted one. `organisation_invitation.sent_at` is when an invitation's
 * link was last sent (created or resent), for the once-a-minute resend limit; existing rows take their creation time.
 */
export class AddOrganisationDeletion1763701610000 implements MigrationInterface {
  name = 'AddOrganisationDeletion1763701610000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE organisation ADD COLUMN deleted_at timestamptz`);
    await q.query(`ALTER TABLE organisation_invitation ADD COLUMN sent_at timestamptz`);
    await q.query(`UPDATE organisation_invitation SET sent_at = created_at`);
    await q.query(`ALTER TABLE organisation_invitation ALTER COLUMN sent_at SET DEFAULT now(), ALTER COLUMN sent_at SET NOT NULL`);
    await q.query(keyOrganisationTrigger(true));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(keyOrganisationTrigger(false));
    await q.query(`ALTER TABLE organisation_invitation DROP COLUMN sent_at`);
    await q.query(`ALTER TABLE organisation DROP COLUMN deleted_at`);
  }
}
