import { Injectable } from '@nestjs/common';
import { KbReleaseRepository, type KbReleaseRecord } from '@vigil/db';
import { ProblemException } from '@vigil/platform';
import { DataSource } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import { PLATFORM_AUDIENCE, WebhookOutbox } from '../webhooks/webhook-outbox';
import type { Actor } from '../common/actor';
import { type KbReleaseView, isNonCommercialLicense } from '@vigil/contracts';
import { kbActivatedData } from '../webhooks/kb-activated-data';

const view = (r: KbReleaseRecord): KbReleaseView => ({
  version: r.version,
  releasedAt: r.releasedAt,
  createdAt: r.createdAt,
  activatedAt: r.activatedAt,
  active: r.active,
  curatedVersion: r.curatedVersion,
  sources: r.sourceRefs.map((s) => ({
    id: s.id,
    title: s.title,
    license: s.license,
    nonCommercial: isNonCommercialLicense(s.license),
    format: s.format,
    pairs: s.pairs ?? null,
    hash: s.hash,
  })),
  includedSources: (r.sources as { id?: unknown; title?: unknown; license?: unknown }[])
    .filter((s) => s && typeof s.id === 'string')
    .map((s) => {
      const license = typeof s.license === 'string' ? s.license : 'unknown';
      return { id: String(s.id), title: String(s.title ?? s.id), license, nonCommercial: isNonCommercialLicense(license) };
    }),
  counts: r.counts ?? {},
});

/** Knowledge-base releases as the operator sees them: list, activate, roll back (audited). */
@Injectable()
export class KbReleasesService {
  private readonly repo: KbReleaseRepository;
  private readonly webhooks = new WebhookOutbox();

  constructor(
    private readonly dataSource: DataSource,
    private readonly audit: AuditService,
  ) {
    this.repo = new KbReleaseRepository(dataSource);
  }

  async list(): Promise<{ releases: KbReleaseView[] }> {
    return { releases: (await this.repo.list()).map(view) };
  }

  async active(): Promise<KbReleaseView | null> {
    const r = await this.repo.active();
    return r ? view(r) : null;
  }

  /** Makes `version` the active release; 404 problem when there is no such release. */
  async activate(version: string, actor: Actor): Promise<{ release: KbReleaseView; previous: string | null }> {
    return this.switchTo(version, actor, 'kb.activate');
  }

  /** Re-activates the release that was active before the current one; 409 problem when there is none. */
  async rollback(actor: Actor): Promise<{ release: KbReleaseView; previous: string | null }> {
    const previous = await this.repo.previous();
    if (!previous) throw new ProblemException('Conflict', { detail: 'There is no earlier activated knowledge-base release to roll back to.' });
    return this.switchTo(previous.version, actor, 'kb.rollback');
  }

  private async switchTo(version: string, actor: Actor, action: 'kb.activate' | 'kb.rollback'): Promise<{ release: KbReleaseView; previous: string | null }> {
    return this.dataSource.transaction(async (m) => {
      const target = await this.repo.get(version, m);
      if (!target) throw new ProblemException('NotFound', { detail: `No knowledge-base release "${version}".` });
      const before: { version: string }[] = await m.query(`SELECT version FROM kb_release WHERE active`);
      const previous = before[0]?.version ?? null;
      const activated = await this.repo.activate(version, m);
      await this.audit.record(m, actor, { action, targetType: 'kb_release', targetId: version, before: { active: previous }, after: { active: version } });
      if (previous !== version) await this.webhooks.emit(m, 'kb.release.activated', PLATFORM_AUDIENCE, kbActivatedData(activated, previous, action === 'kb.rollback'));
      return { release: view(activated), previous };
    });
  }
}
