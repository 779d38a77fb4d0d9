import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhook endpoints belong to an organisation (#16 item 5 follow-up): `webhook_endpoint.organisation_id`, so an event
 * about a key reaches the endpoints of the key's organisation whoever acted. `webhook_endpoint.account_id` stays as the
 * account that created the endpoint (nullable: deleting that account no longer deletes the organisation's endpoint).
 * `webhook_event.organisation_id` records the organisation an event was addressed to (null = a platform event, or an
 * account's `quota.threshold`, whose `account_id` is set).
 *
 * Existing endpoints move to the organisation their account owns (the oldest live one, as `/api/keys` picks). An
 * account that owns no live organisation (it transferred or deleted the one it had) gets a one-member organisation with
 * a Default project, as the organisations migration gave every account, so no endpoint is lost or handed to people
 * who did not set it up. `down` gives each endpoint back to its organisation's owner.
 */
export class AddOrganisationWebhooks1763701700000 implements MigrationInterface {
  name = 'AddOrganisationWebhooks1763701700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE webhook_endpoint ADD COLUMN organisation_id uuid REFERENCES organisation(id) ON DELETE CASCADE`);

    // Accounts with endpoints but no live owned organisation: one of their own, as every account got one.
    await q.query(`ALTER TABLE organisation ADD COLUMN migrated_account_id uuid`);
    await q.query(`
      INSERT INTO organisation (name, migrated_account_id)
      SELECT left(a.email, 100), a.id FROM account a
       WHERE EXISTS (SELECT 1 FROM webhook_endpoint e WHERE e.account_id = a.id)
         AND NOT EXISTS (SELECT 1 FROM organisation_member m JOIN organisation o ON o.id = m.organisation_id
                          WHERE m.account_id = a.id AND m.role = 'owner' AND o.deleted_at IS NULL)`);
    await q.query(
      `INSERT INTO organisation_member (organisation_id, account_id, role) SELECT id, migrated_account_id, 'owner' FROM organisation WHERE migrated_account_id IS NOT NULL`,
    );
    await q.query(`INSERT INTO project (organisation_id, name) SELECT id, 'Default' FROM organisation WHERE migrated_account_id IS NOT NULL`);
    await q.query(`ALTER TABLE organisation DROP COLUMN migrated_account_id`);

    await q.query(`
      UPDATE webhook_endpoint e SET organisation_id = (
        SELECT m.organisation_id FROM organisation_member m JOIN organisation o ON o.id = m.organisation_id
         WHERE m.account_id = e.account_id AND m.role = 'owner' AND o.deleted_at IS NULL ORDER BY o.created_at, o.id LIMIT 1)`);
    await q.query(`ALTER TABLE webhook_endpoint ALTER COLUMN organisation_id SET NOT NULL`);
    await q.query(`CREATE INDEX webhook_endpoint_organisation_idx ON webhook_endpoint (organisation_id, created_at, id)`);

    // The creator: kept for the record, no longer the owner.
    await q.query(`ALTER TABLE webhook_endpoint ALTER COLUMN account_id DROP NOT NULL`);
    await q.query(`ALTER TABLE webhook_endpoint DROP CONSTRAINT webhook_endpoint_account_id_fkey`);
    await q.query(`ALTER TABLE webhook_endpoint ADD CONSTRAINT webhook_endpoint_account_id_fkey FOREIGN KEY (account_id) REFERENCES account(id) ON DELETE SET NULL`);

    await q.query(`ALTER TABLE webhook_event ADD COLUMN organisation_id uuid REFERENCES organisation(id) ON DELETE CASCADE`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE webhook_event DROP COLUMN organisation_id`);
    await q.query(`UPDATE webhook_endpoint e SET account_id = m.account_id FROM organisation_member m WHERE m.organisation_id = e.organisation_id AND m.role = 'owner'`);
    await q.query(`DELETE FROM webhook_endpoint WHERE account_id IS NULL`);
    await q.query(`ALTER TABLE webhook_endpoint DROP CONSTRAINT webhook_endpoint_account_id_fkey`);
    await q.query(`ALTER TABLE webhook_endpoint ADD CONSTRAINT webhook_endpoint_account_id_fkey FOREIGN KEY (account_id) REFERENCES account(id) ON DELETE CASCADE`);
    await q.query(`ALTER TABLE webhook_endpoint ALTER COLUMN account_id SET NOT NULL`);
    await q.query(`DROP INDEX webhook_endpoint_organisation_idx`);
    await q.query(`ALTER TABLE webhook_endpoint DROP COLUMN organisation_id`);
  }
}
