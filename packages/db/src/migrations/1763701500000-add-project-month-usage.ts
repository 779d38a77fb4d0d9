import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Calls per project and UTC month, for a project's own monthly quota (`project.monthly_quota`, below the plan's): shared
 * by every API instance the way `account_month_usage` is, and only for projects that set a quota.
 */
export class AddProjectMonthUsage1763701500000 implements MigrationInterface {
  name = 'AddProjectMonthUsage1763701500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE project_month_usage (
        project_id uuid NOT NULL REFERENCES project(id) ON DELETE CASCADE,
        month date NOT NULL CHECK (extract(day FROM month) = 1),
        calls bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (project_id, month)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE project_month_usage`);
  }
}
