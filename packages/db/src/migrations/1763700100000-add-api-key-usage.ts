import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Per-key daily request counters by outcome, written in batches (never a row write per request). */
export class AddApiKeyUsage1763700100000 implements MigrationInterface {
  name = 'AddApiKeyUsage1763700100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE api_key_usage (
        key_id uuid NOT NULL REFERENCES api_key(id) ON DELETE CASCADE,
        day date NOT NULL,
        allowed bigint NOT NULL DEFAULT 0,
        rate_limited bigint NOT NULL DEFAULT 0,
        denied bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (key_id, day)
      )`);
    await q.query(`CREATE INDEX api_key_usage_day_idx ON api_key_usage (day)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE api_key_usage`);
  }
}
