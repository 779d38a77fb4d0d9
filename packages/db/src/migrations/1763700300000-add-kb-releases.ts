import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Knowledge-base release history: which release each instance served, with its sources and counts. */
export class AddKbReleases1763700300000 implements MigrationInterface {
  name = 'AddKbReleases1763700300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE kb_release (
        version text PRIMARY KEY,
        released_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        sources jsonb NOT NULL,
        counts jsonb NOT NULL,
        active boolean NOT NULL DEFAULT false,
        activated_at timestamptz
      )`);
    await q.query(`CREATE UNIQUE INDEX kb_release_one_active ON kb_release (active) WHERE active`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE kb_release`);
  }
}
