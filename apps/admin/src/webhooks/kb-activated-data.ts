import type { KbReleaseRecord } from '@vigil/db';

/** The data of a `kb.release.activated` event: the release now answering, the one before, and its sources. */
export function kbActivatedData(r: KbReleaseRecord, previousVersion: string | null, rollback: boolean): Record<string, unknown> {
  return {
    version: r.version,
    previousVersion,
    rollback,
    activatedAt: r.activatedAt,
    curatedVersion: r.curatedVersion,
    sources: r.sourceRefs.map((s) => ({ id: s.id, title: s.title, license: s.license })),
  };
}
