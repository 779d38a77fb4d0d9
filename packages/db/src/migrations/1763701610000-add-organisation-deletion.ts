import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Organisation deletion is a soft delete (`organisation.deleted_at`): the row stays so its audit chain (`org:<id>`)
 * keeps a subject and stays verifiable, while every route answers 404 for it. `organisation_invitation.sent_at` is when
 * an invitation's link was last sent (created or resent), for the once-a-minute resend limit; existing rows take their
 * creation time.
 */
export class AddOrganisationDeletion1763701610000 implements MigrationInterface {
  name = 'AddOrganisationDeletion1763701610000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE organisation ADD COLUMN deleted_at timestamptz`);
    await q.query(`ALTER TABLE organisation_invitation ADD COLUMN sent_at timestamptz`);
    await q.query(`UPDATE organisation_invitation SET sent_at = created_at`);
    await q.query(`ALTER TABLE organisation_invitation ALTER COLUMN sent_at SET DEFAULT now(), ALTER COLUMN sent_at SET NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE organisation_invitation DROP COLUMN sent_at`);
    await q.query(`ALTER TABLE organisation DROP COLUMN deleted_at`);
  }
}
