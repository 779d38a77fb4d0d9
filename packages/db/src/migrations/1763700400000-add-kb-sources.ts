import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Imported knowledge sources, kept per content hash so any earlier release can be re-activated, and the
 * composition of each release (curated pack version + the source versions it includes).
 */
export class AddKbSources1763700400000 implements MigrationInterface {
  name = 'AddKbSources1763700400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE kb_source_version (
        source_id text NOT NULL,
        content_hash char(64) NOT NULL,
        format text NOT NULL,
        title text NOT NULL,
        license text NOT NULL,
        doc jsonb NOT NULL,
        report jsonb NOT NULL,
        imported_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (source_id, content_hash)
      )`);
    await q.query(`ALTER TABLE kb_release ADD COLUMN curated_version text, ADD COLUMN source_refs jsonb NOT NULL DEFAULT '[]'`);
    await q.query(`UPDATE kb_release SET curated_version = version WHERE curated_version IS NULL`);
    await q.query(`ALTER TABLE kb_release ALTER COLUMN curated_version SET NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE kb_release DROP COLUMN source_refs, DROP COLUMN curated_version`);
    await q.query(`DROP TABLE kb_source_version`);
  }
}
