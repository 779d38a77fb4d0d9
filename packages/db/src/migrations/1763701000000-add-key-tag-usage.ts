import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Usage attribution: calls per key, UTC day and usage tag (the `x-vigil-tag` request header), beside the untagged
 * per-key totals in `api_key_usage`. Written in the same batches.
 */
export class AddKeyTagUsage1763701000000 implements MigrationInterface {
  name = 'AddKeyTagUsage1763701000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE api_key_tag_usage (
        key_id uuid NOT NULL REFERENCES api_key(id) ON DELETE CASCADE,
        day date NOT NULL,
        tag text NOT NULL CHECK (length(tag) BETWEEN 1 AND 64),
        allowed bigint NOT NULL DEFAULT 0,
        rate_limited bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (key_id, day, tag)
      )`);
    await q.query(`CREATE INDEX api_key_tag_usage_day_idx ON api_key_tag_usage (day)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE api_key_tag_usage`);
  }
}
