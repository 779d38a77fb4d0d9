import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Key rotation ("roll"): the old key points at its successor and keeps working until `rotation_grace_ends_at`
 * (ended early once the successor is used and the old key has been idle `rotation_idle_seconds`); the successor points
 * back. `rotation_ended_at`/`rotation_end_reason` record when and why the old key stopped working.
 */
export class AddKeyRotation1763701200000 implements MigrationInterface {
  name = 'AddKeyRotation1763701200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE api_key
      ADD COLUMN rotated_to_key_id uuid REFERENCES api_key(id) ON DELETE SET NULL,
      ADD COLUMN rotated_from_key_id uuid REFERENCES api_key(id) ON DELETE SET NULL,
      ADD COLUMN rotation_grace_ends_at timestamptz,
      ADD COLUMN rotation_idle_seconds integer CHECK (rotation_idle_seconds IS NULL OR rotation_idle_seconds BETWEEN 60 AND 86400),
      ADD COLUMN rotation_ended_at timestamptz,
      ADD COLUMN rotation_end_reason text CHECK (rotation_end_reason IS NULL OR rotation_end_reason IN ('grace_elapsed', 'idle_after_successor_use', 'revoked')),
      ADD CONSTRAINT api_key_rotation_complete CHECK (
        (rotated_to_key_id IS NULL AND rotation_grace_ends_at IS NULL AND rotation_idle_seconds IS NULL AND rotation_ended_at IS NULL AND rotation_end_reason IS NULL)
        OR (rotation_grace_ends_at IS NOT NULL AND rotation_idle_seconds IS NOT NULL AND (rotation_ended_at IS NULL) = (rotation_end_reason IS NULL)))`);
    await q.query(`CREATE UNIQUE INDEX api_key_rotated_to_uq ON api_key (rotated_to_key_id) WHERE rotated_to_key_id IS NOT NULL`);
    // The rotation sweep reads only rotations still in their grace period.
    await q.query(`CREATE INDEX api_key_rotation_open_idx ON api_key (rotation_grace_ends_at) WHERE rotation_grace_ends_at IS NOT NULL AND rotation_ended_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX api_key_rotation_open_idx`);
    await q.query(`DROP INDEX api_key_rotated_to_uq`);
    await q.query(`ALTER TABLE api_key DROP CONSTRAINT api_key_rotation_complete, DROP COLUMN rotation_end_reason, DROP COLUMN rotation_ended_at,
      DROP COLUMN rotation_idle_seconds, DROP COLUMN rotation_grace_ends_at, DROP COLUMN rotated_from_key_id, DROP COLUMN rotated_to_key_id`);
  }
}
