import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A key's default usage tag: its calls that send no `x-vigil-tag` header are counted under it. */
export class AddKeyUsageTag1763701100000 implements MigrationInterface {
  name = 'AddKeyUsageTag1763701100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE api_key ADD COLUMN usage_tag text CHECK (usage_tag IS NULL OR usage_tag ~ '^[a-z0-9][a-z0-9._:-]{0,63}$')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE api_key DROP COLUMN usage_tag`);
  }
}
