import { KEYS, VERSION_DATE_RE } from './compile.helpers';
import { EntryCheck } from './entry.check';
import type { KbCompileIssue } from './kb-compile-issue';
import type { LocatedEntry } from './yaml-source.reader';

/** `release.yaml`: the pack's version date and release timestamp (else the compile options, SOURCE_DATE_EPOCH or 1970). */
export class ReleaseSectionCompiler {
  compile(entries: LocatedEntry[], issues: KbCompileIssue[], options: { releasedAt?: string }): { versionDate: string; releasedAt: string } {
    const e = entries[0];
    if (e) {
      const c = new EntryCheck(issues, e, (e.value ?? {}) as Record<string, unknown>);
      c.id = 'release';
      c.allowKeys(KEYS.release);
      const rawDate = c.obj['version-date'];
      const rawAt = c.obj.releasedAt;
      const at = rawAt instanceof Date ? rawAt.toISOString() : typeof rawAt === 'string' ? rawAt.trim() : undefined;
      let releasedAt: string | undefined;
      if (at === undefined) c.error('releasedAt', 'is required (ISO-8601, e.g. 2025-11-21T00:00:00Z)');
      else if (Number.isNaN(Date.parse(at))) c.error('releasedAt', `"${at}" is not an ISO-8601 timestamp`);
      else releasedAt = new Date(Date.parse(at)).toISOString();
      let versionDate = typeof rawDate === 'string' ? rawDate.trim() : rawDate instanceof Date ? rawDate.toISOString().slice(0, 10).replace(/-/g, '.') : undefined;
      if (versionDate === undefined && releasedAt) versionDate = releasedAt.slice(0, 10).replace(/-/g, '.');
      if (versionDate !== undefined && !VERSION_DATE_RE.test(versionDate)) {
        c.error('version-date', `"${versionDate}" must be YYYY.MM.DD`);
        versionDate = undefined;
      }
      if (releasedAt && versionDate) return { versionDate, releasedAt };
    }
    const fallback = options.releasedAt ?? (process.env.SOURCE_DATE_EPOCH ? new Date(Number(process.env.SOURCE_DATE_EPOCH) * 1000).toISOString() : undefined);
    if (!e) {
      issues.push({
        level: 'warning',
        file: 'release.yaml',
        message: fallback
          ? `missing: release date taken from ${options.releasedAt ? 'the compile options' : 'SOURCE_DATE_EPOCH'}`
          : 'missing: add { version-date: YYYY.MM.DD, releasedAt: <ISO timestamp> } (1970-01-01 used meanwhile)',
      });
    }
    const releasedAt = fallback ?? '1970-01-01T00:00:00.000Z';
    return { versionDate: releasedAt.slice(0, 10).replace(/-/g, '.'), releasedAt };
  }
}
