import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Calls per account and UTC calendar month, the counter the monthly quota is enforced on. Every API instance adds its
 * own admitted calls in one batched upsert about once a second and reads the total back in the same statement, so
 * all instances converge on one number without Redis. Back-filled from the per-key daily counters.
 */
export class AddAccountMonthUsage1763700600000 implements MigrationInterface {
  name = 'AddAccountMonthUsage1763700600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE account_month_usage (
        account_id uuid NOT NULL REFERENCES account(id) ON DELETE CASCADE,
        month date NOT NULL CHECK (extract(day FROM month) = 1),
        calls bigint NOT NULL DEFAULT 0 CHECK (calls >= 0),
        PRIMARY KEY (account_id, month)
      )`);
    await q.query(`
      INSERT INTO account_month_usage (account_id, month, calls)
      SELECT k.account_id, date_trunc('month', u.day)::date, sum(u.allowed)
        FROM api_key_usage u JOIN api_key k ON k.id = u.key_id
       GROUP BY 1, 2`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE account_month_usage`);
  }
}
