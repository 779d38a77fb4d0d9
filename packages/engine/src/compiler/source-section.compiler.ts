import type { KbSource } from '../model/compiled-kb.model';
import { CURATED_SOURCE_ID } from '../model/kb-vocabulary';
import { ID_RE, KEYS, URL_RE, where } from './compile.helpers';
import type { CheckOf } from './entry.check';
import type { KbCompileIssue } from './kb-compile-issue';
import type { LocatedEntry } from './yaml-source.reader';

/** `sources.yaml`: who asserts or is cited by the pack. Without a `vigil` entry a default one is added (rules are asserted by it). */
export class SourceSectionCompiler {
  compile(entries: readonly LocatedEntry[], checkOf: CheckOf, issues: KbCompileIssue[], fileExists: boolean): { sources: KbSource[]; sourceIds: Map<string, LocatedEntry> } {
    const sources: KbSource[] = [];
    const sourceIds = new Map<string, LocatedEntry>();
    for (const e of entries) {
      const c = checkOf(e);
      if (!c) continue;
      c.allowKeys(KEYS.source);
      const id = c.id_('id', ID_RE);
      const title = c.str('title', true);
      const license = c.str('license', true);
      const url = c.str('url', false);
      if (url && !URL_RE.test(url)) c.error('url', `"${url}" is not an http(s) URL`);
      if (id && sourceIds.has(id)) c.error('id', `duplicate source id (first at ${where(sourceIds.get(id)!)})`);
      if (c.errors === 0 && id && title && license) {
        sourceIds.set(id, e);
        sources.push({ id, title, license, ...(url ? { url } : {}) });
      }
    }
    if (fileExists && !sourceIds.has(CURATED_SOURCE_ID)) {
      issues.push({ level: 'warning', file: 'sources.yaml', message: `no "${CURATED_SOURCE_ID}" source: added a default entry (rules are asserted by it)` });
      sources.push({ id: CURATED_SOURCE_ID, title: 'Vigil curated knowledge base', license: 'Apache-2.0' });
    }
    return { sources, sourceIds };
  }
}
