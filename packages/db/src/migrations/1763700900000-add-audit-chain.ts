import type { MigrationInterface, QueryRunner } from 'typeorm';
import { AUDIT_GENESIS_HASH, DEPLOYMENT_AUDIT_CHAIN } from '../audit/audit-chain';
import { type AuditEventRow, rowHash } from '../audit/audit-chain.repository';

/**
 * Tamper-evident audit log: every event gets its chain, its position in it (`seq`) and the hash of its predecessor
 * (`prev_hash`) next to its own (`hash`). Existing events are chained in the order they were written (time, then id).
 */
export class AddAuditChain1763700900000 implements MigrationInterface {
  name = 'AddAuditChain1763700900000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE audit_event ADD COLUMN chain text, ADD COLUMN seq bigint, ADD COLUMN prev_hash text, ADD COLUMN hash text`);
    // Written events are chained in pages; the hash covers what the row says, as the application hashes new ones.
    // The order first (time, then id), then the rows a page at a time: the pages must not depend on created_at,
    // which each row's update truncates to milliseconds.
    const order = ((await q.query(`SELECT id FROM audit_event ORDER BY created_at, id`)) as { id: string }[]).map((r) => r.id);
    let seq = 0;
    let prevHash = AUDIT_GENESIS_HASH;
    for (let i = 0; i < order.length; i += 1000) {
      const ids = order.slice(i, i + 1000);
      const rows = (await q.query(`SELECT * FROM audit_event WHERE id = ANY($1::uuid[])`, [ids])) as AuditEventRow[];
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const id of ids) {
        const r = byId.get(id)!;
        seq++;
        // Hashed as the repository hashes a stored row. The driver reads times at millisecond precision; the row is
        // written back at that precision, as new events are, so the hashed time is the stored time.
        const hash = rowHash({ ...r, chain: DEPLOYMENT_AUDIT_CHAIN, seq: String(seq) }, prevHash);
        await q.query(`UPDATE audit_event SET chain = $2, seq = $3, prev_hash = $4, hash = $5, created_at = $6 WHERE id = $1`, [
          r.id,
          DEPLOYMENT_AUDIT_CHAIN,
          seq,
          prevHash,
          hash,
          r.created_at,
        ]);
        prevHash = hash;
      }
    }
    await q.query(`ALTER TABLE audit_event ALTER COLUMN chain SET NOT NULL, ALTER COLUMN seq SET NOT NULL, ALTER COLUMN prev_hash SET NOT NULL, ALTER COLUMN hash SET NOT NULL`);
    await q.query(`CREATE UNIQUE INDEX audit_event_chain_seq_idx ON audit_event (chain, seq)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX audit_event_chain_seq_idx`);
    await q.query(`ALTER TABLE audit_event DROP COLUMN chain, DROP COLUMN seq, DROP COLUMN prev_hash, DROP COLUMN hash`);
  }
}
