import type { DataSource, EntityManager } from 'typeorm';
import { AUDIT_GENESIS_HASH, type ChainedAuditFields, DEPLOYMENT_AUDIT_CHAIN, auditEventHash } from './audit-chain';

/** What a caller records; the chain position, time and hashes are the repository's. */
export type AuditAppend = Omit<ChainedAuditFields, 'chain' | 'seq' | 'prevHash' | 'createdAt' | 'before' | 'after'> & {
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

/** One event as `audit export` writes it (a JSON line) and `audit verify` reads it. */
export interface ChainedAuditEvent {
  chain: string;
  seq: number;
  id: string;
  createdAt: string;
  actor: { type: string; id: string | null; label: string | null };
  action: string;
  target: { type: string; id: string | null };
  before: unknown;
  after: unknown;
  requestId: string | null;
  ip: string | null;
  prevHash: string;
  hash: string;
}

export type AuditVerification =
  { chain: string; ok: true; events: number; head: { seq: number; hash: string } | null } | { chain: string; ok: false; events: number; seq: number; problem: string };

/** An `audit_event` row as PostgreSQL returns it. */
export interface AuditEventRow {
  id: string;
  chain: string;
  seq: string;
  prev_hash: string;
  hash: string;
  actor_type: string;
  actor_id: string | null;
  actor_label: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  before: unknown;
  after: unknown;
  request_id: string | null;
  ip: string | null;
  created_at: Date;
}

const PAGE = 1000;

function view(r: AuditEventRow): ChainedAuditEvent {
  return {
    chain: r.chain,
    seq: Number(r.seq),
    id: r.id,
    createdAt: r.created_at.toISOString(),
    actor: { type: r.actor_type, id: r.actor_id, label: r.actor_label },
    action: r.action,
    target: { type: r.target_type, id: r.target_id },
    before: r.before,
    after: r.after,
    requestId: r.request_id,
    ip: r.ip,
    prevHash: r.prev_hash,
    hash: r.hash,
  };
}

/** The hash a stored row should carry. */
export function rowHash(r: AuditEventRow | ChainedAuditEvent, prevHash: string): string {
  const e = 'actor' in r ? r : view(r);
  return auditEventHash({
    chain: e.chain,
    seq: e.seq,
    prevHash,
    actorType: e.actor.type,
    actorId: e.actor.id,
    actorLabel: e.actor.label,
    action: e.action,
    targetType: e.target.type,
    targetId: e.target.id,
    before: e.before,
    after: e.after,
    requestId: e.requestId,
    ip: e.ip,
    createdAt: e.createdAt,
  });
}

/**
 * The tamper-evident audit log: each event carries its position in its chain and the hash of its predecessor, so an
 * edited, deleted or reordered event breaks the chain where it happened. Appends to one chain are serialised by a
 * transaction-scoped advisory lock; they commit (or roll back) with the change they record.
 */
export class AuditChainRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Appends in the caller's transaction (one is opened when the manager has none). */
  async append(m: EntityManager, event: AuditAppend, chain: string = DEPLOYMENT_AUDIT_CHAIN): Promise<{ seq: number; hash: string }> {
    if (!m.queryRunner?.isTransactionActive) return m.transaction((tx) => this.append(tx, event, chain));
    await m.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`vigil_audit_chain:${chain}`]);
    const [head] = await m.query<{ seq: string; hash: string }[]>(`SELECT seq, hash FROM audit_event WHERE chain = $1 ORDER BY seq DESC LIMIT 1`, [chain]);
    const seq = head ? Number(head.seq) + 1 : 1;
    const prevHash = head?.hash ?? AUDIT_GENESIS_HASH;
    // Stored and hashed alike: milliseconds (what a JS Date holds) and JSON as jsonb gives it back.
    const createdAt = new Date();
    const before = event.before === null ? null : (JSON.parse(JSON.stringify(event.before)) as Record<string, unknown>);
    const after = event.after === null ? null : (JSON.parse(JSON.stringify(event.after)) as Record<string, unknown>);
    const hash = auditEventHash({ ...event, before, after, chain, seq, prevHash, createdAt: createdAt.toISOString() });
    await m.query(
      `INSERT INTO audit_event (chain, seq, prev_hash, hash, actor_type, actor_id, actor_label, action, target_type, target_id, before, after, request_id, ip, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
      [
        chain,
        seq,
        prevHash,
        hash,
        event.actorType,
        event.actorId,
        event.actorLabel,
        event.action,
        event.targetType,
        event.targetId,
        before === null ? null : JSON.stringify(before),
        after === null ? null : JSON.stringify(after),
        event.requestId,
        event.ip,
        createdAt,
      ],
    );
    return { seq, hash };
  }

  async chains(): Promise<string[]> {
    const rows = await this.dataSource.query<{ chain: string }[]>(`SELECT DISTINCT chain FROM audit_event ORDER BY chain`);
    return rows.map((r) => r.chain);
  }

  /** Events of a chain in order, a page at a time (`afterSeq` for incremental exports). */
  async *events(chain: string, options: { afterSeq?: number; since?: Date } = {}): AsyncGenerator<ChainedAuditEvent> {
    let after = options.afterSeq ?? 0;
    for (;;) {
      const rows = await this.dataSource.query<AuditEventRow[]>(
        `SELECT * FROM audit_event WHERE chain = $1 AND seq > $2 ${options.since ? 'AND created_at >= $4' : ''} ORDER BY seq LIMIT $3`,
        options.since ? [chain, after, PAGE, options.since] : [chain, after, PAGE],
      );
      for (const r of rows) yield view(r);
      if (rows.length < PAGE) return;
      after = Number(rows[rows.length - 1].seq);
    }
  }

  /**
   * Walks a chain from its first event: every position present (a gap is a deleted event), every link to the
   * predecessor's hash intact, every hash matching the event's content (a mismatch is an edit). Stops at the first
   * break. The head (last position and hash) is what an operator keeps elsewhere to detect a truncated tail.
   */
  async verify(chain: string = DEPLOYMENT_AUDIT_CHAIN): Promise<AuditVerification> {
    let expected = 1;
    let prevHash = AUDIT_GENESIS_HASH;
    let count = 0;
    for await (const e of this.events(chain)) {
      if (e.seq !== expected) {
        return {
          chain,
          ok: false,
          events: count,
          seq: e.seq,
          problem: e.seq > expected ? `event ${expected}${e.seq - 1 > expected ? `–${e.seq - 1}` : ''} missing (deleted?) before event ${e.seq}` : `event ${e.seq} out of order`,
        };
      }
      if (e.prevHash !== prevHash) return { chain, ok: false, events: count, seq: e.seq, problem: `event ${e.seq} does not link to the hash of event ${e.seq - 1}` };
      if (rowHash(e, e.prevHash) !== e.hash)
        return { chain, ok: false, events: count, seq: e.seq, problem: `event ${e.seq} was changed after it was written (its content does not match its hash)` };
      prevHash = e.hash;
      expected++;
      count++;
    }
    return { chain, ok: true, events: count, head: count ? { seq: expected - 1, hash: prevHash } : null };
  }
}
