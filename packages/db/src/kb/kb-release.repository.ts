import { createHash } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';

/** PostgreSQL channel announcing that another knowledge-base release became active. */
export const KB_EVENTS_CHANNEL = 'vigil_kb_events';

export interface KbSourceRef {
  id: string;
  hash: string;
  title: string;
  license: string;
  format: string;
  pairs?: number;
}

export interface KbReleaseRecord {
  version: string;
  releasedAt: string;
  createdAt: string;
  curatedVersion: string;
  sourceRefs: KbSourceRef[];
  sources: unknown[];
  counts: Record<string, number>;
  active: boolean;
  activatedAt: string | null;
}

interface ReleaseRow {
  version: string;
  released_at: Date;
  created_at: Date;
  curated_version: string;
  source_refs: KbSourceRef[];
  sources: unknown[];
  counts: Record<string, number>;
  active: boolean;
  activated_at: Date | null;
}

const toRecord = (r: ReleaseRow): KbReleaseRecord => ({
  version: r.version,
  releasedAt: r.released_at.toISOString(),
  createdAt: r.created_at.toISOString(),
  curatedVersion: r.curated_version,
  sourceRefs: r.source_refs,
  sources: r.sources,
  counts: r.counts,
  active: r.active,
  activatedAt: r.activated_at?.toISOString() ?? null,
});

/**
 * Knowledge-base releases: a release is the curated pack's version plus a set of imported source versions (each
 * stored once per content hash). The version string is derived from that composition, so the same content is the
 * same release everywhere. Activation flips one flag in a transaction and NOTIFYs every API instance.
 */
export class KbReleaseRepository {
  constructor(private readonly dataSource: DataSource) {}

  static releaseVersion(curatedVersion: string, refs: readonly { id: string; hash: string }[]): string {
    if (refs.length === 0) return curatedVersion;
    const h = createHash('sha256').update(curatedVersion);
    for (const r of [...refs].sort((a, b) => a.id.localeCompare(b.id))) h.update(`|${r.id}:${r.hash}`);
    // Only the composition goes in: the same curated pack and source versions are the same release on any day,
    // so re-importing identical files (or instances starting on different days) never makes a duplicate release.
    return `kb-${h.digest('hex').slice(0, 16)}`;
  }

  async list(): Promise<KbReleaseRecord[]> {
    const rows: ReleaseRow[] = await this.dataSource.query(`SELECT * FROM kb_release ORDER BY created_at DESC, version`);
    return rows.map(toRecord);
  }

  async get(version: string, m: EntityManager = this.dataSource.manager): Promise<KbReleaseRecord | null> {
    const rows: ReleaseRow[] = await m.query(`SELECT * FROM kb_release WHERE version = $1`, [version]);
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async active(): Promise<KbReleaseRecord | null> {
    const rows: ReleaseRow[] = await this.dataSource.query(`SELECT * FROM kb_release WHERE active`);
    return rows[0] ? toRecord(rows[0]) : null;
  }

  /** Stores an imported source version (idempotent per content hash); returns its hash. */
  async saveSource(m: EntityManager, s: { id: string; format: string; title: string; license: string; doc: unknown; report: unknown }): Promise<string> {
    const json = JSON.stringify(s.doc);
    const hash = createHash('sha256').update(json).digest('hex');
    await m.query(
      `INSERT INTO kb_source_version (source_id, content_hash, format, title, license, doc, report) VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb)
       ON CONFLICT (source_id, content_hash) DO NOTHING`,
      [s.id, hash, s.format, s.title, s.license, json, JSON.stringify(s.report)],
    );
    return hash;
  }

  /** The stored documents of a release's sources, in the release's order. */
  async sourceDocs(refs: readonly KbSourceRef[]): Promise<unknown[]> {
    const docs: unknown[] = [];
    for (const r of refs) {
      const rows: { doc: unknown }[] = await this.dataSource.query(`SELECT doc FROM kb_source_version WHERE source_id = $1 AND content_hash = $2`, [r.id, r.hash]);
      if (!rows[0]) throw new Error(`knowledge source ${r.id}@${r.hash.slice(0, 8)} is missing from kb_source_version`);
      docs.push(rows[0].doc);
    }
    return docs;
  }

  /** Records a release (no-op if that exact composition exists). */
  async create(
    m: EntityManager,
    r: { version: string; releasedAt: string; curatedVersion: string; sourceRefs: KbSourceRef[]; sources: unknown[]; counts: Record<string, number> },
  ): Promise<void> {
    await m.query(
      `INSERT INTO kb_release (version, released_at, curated_version, source_refs, sources, counts, active) VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6::jsonb, false)
       ON CONFLICT (version) DO NOTHING`,
      [r.version, r.releasedAt, r.curatedVersion, JSON.stringify(r.sourceRefs), JSON.stringify(r.sources), JSON.stringify(r.counts)],
    );
  }

  /** Makes `version` the only active release and tells every API instance, atomically (NOTIFY fires on commit). */
  async activate(version: string, m?: EntityManager): Promise<KbReleaseRecord> {
    const run = async (tx: EntityManager) => {
      const target = await this.get(version, tx);
      if (!target) throw new Error(`no knowledge-base release "${version}"`);
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('vigil_kb_activate'))`);
      await tx.query(`UPDATE kb_release SET active = false WHERE active AND version <> $1`, [version]);
      await tx.query(`UPDATE kb_release SET active = true, activated_at = now() WHERE version = $1`, [version]);
      await tx.query(`SELECT pg_notify($1, $2)`, [KB_EVENTS_CHANNEL, JSON.stringify({ version })]);
      return (await this.get(version, tx))!;
    };
    return m ? run(m) : this.dataSource.transaction(run);
  }

  /** The release activated before the current one (by activation time). */
  async previous(): Promise<KbReleaseRecord | null> {
    const rows: ReleaseRow[] = await this.dataSource.query(`SELECT * FROM kb_release WHERE NOT active AND activated_at IS NOT NULL ORDER BY activated_at DESC LIMIT 1`);
    return rows[0] ? toRecord(rows[0]) : null;
  }
}
