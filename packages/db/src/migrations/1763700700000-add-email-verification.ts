import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Email verification and password reset by email. Accounts that exist before this migration were created by their
 * owners or the operator under the old rules and are treated as verified (their keys keep working); new sign-ups
 * start unverified. `account_token` holds only the SHA-256 of each emailed token; a verification token carries the
 * password hash chosen in the sign-up that asked for it, so the email owner's own sign-up decides the password.
 */
export class AddEmailVerification1763700700000 implements MigrationInterface {
  name = 'AddEmailVerification1763700700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE account ADD COLUMN email_verified_at timestamptz`);
    await q.query(`UPDATE account SET email_verified_at = created_at`);
    await q.query(`
      CREATE TABLE account_token (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        account_id uuid NOT NULL REFERENCES account(id) ON DELETE CASCADE,
        purpose text NOT NULL CHECK (purpose IN ('verify_email', 'reset_password')),
        token_hash char(64) NOT NULL UNIQUE,
        password_hash text,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      )`);
    await q.query(`CREATE INDEX account_token_account_idx ON account_token (account_id, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE account_token`);
    await q.query(`ALTER TABLE account DROP COLUMN email_verified_at`);
  }
}
