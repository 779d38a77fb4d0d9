import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Server-side dashboard sessions: only SHA-256 of the session token and of its CSRF token are stored. */
export class AddSessions1763700200000 implements MigrationInterface {
  name = 'AddSessions1763700200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE session (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        token_hash char(64) NOT NULL UNIQUE,
        csrf_hash char(64) NOT NULL,
        account_id uuid NOT NULL REFERENCES account(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        ip text,
        user_agent text
      )`);
    await q.query(`CREATE INDEX session_account_idx ON session (account_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE session`);
  }
}
