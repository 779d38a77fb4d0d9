import type { KbDomain } from '../model/compiled-kb.model';
import { CURATED_SOURCE_ID, DOCUMENTED_RISK_DOMAINS, SEVERITIES, type Severity } from '../model/kb-vocabulary';
import { ID_RE, KEYS, sortCountKeys, where } from './compile.helpers';
import type { CheckOf, EntryCheck } from './entry.check';
import { readCitations, readEvidence, readNotAt, readTexts } from './entry-fields.reader';
import type { LocatedEntry } from './yaml-source.reader';

/**
 * `domains.yaml`: additive risk domains (layer 5) with their severity by drug count. Compiled before the
 * ingredients, whose `risks` must name a known domain (the documented ones when the file is absent).
 */
export class DomainSectionCompiler {
  compile(
    entries: readonly LocatedEntry[],
    checkOf: CheckOf,
    sourceIds: ReadonlyMap<string, LocatedEntry>,
    fileExists: boolean,
  ): { domains: KbDomain[]; knownDomains: ReadonlySet<string>; conditionalDomains: ReadonlySet<string> } {
    const domains: KbDomain[] = [];
    const domainIds = new Map<string, LocatedEntry>();
    for (const e of entries) {
      const c = checkOf(e);
      if (!c) continue;
      c.allowKeys(KEYS.domain);
      const id = c.id_('id', ID_RE);
      const name = c.str('name', true);
      const sbc = c.mapping('severityByCount', true);
      const severityByCount: Record<string, Severity> = {};
      if (sbc) {
        const keys = Object.keys(sbc);
        if (keys.length === 0) c.error('severityByCount', 'needs at least one count');
        for (const k of keys) {
          if (!/^\d+$/.test(k) || Number(k) < 2) c.error(`severityByCount.${k}`, `"${k}" must be a drug count of 2 or more`);
          const sev = c.oneOf(k, SEVERITIES, true, sbc, `severityByCount.${k}`);
          if (sev && /^\d+$/.test(k)) severityByCount[String(Number(k))] = sev;
        }
      }
      const texts = readTexts(c);
      const evidence = readEvidence(c, false);
      const citations = readCitations(c, sourceIds);
      const conditional = this.conditional(c, sourceIds);
      const systemicOnly = c.obj.systemicOnly;
      if (systemicOnly !== undefined && typeof systemicOnly !== 'boolean') c.error('systemicOnly', 'must be true or false');
      const notAt = readNotAt(c);
      if (notAt && systemicOnly === true) c.error('notAt', 'a systemicOnly domain already leaves out every site: give one of the two');
      if (id && domainIds.has(id)) c.error('id', `duplicate domain id (first at ${where(domainIds.get(id)!)})`);
      if (id) domainIds.set(id, e);
      if (c.errors === 0 && id && name) {
        domains.push({
          id,
          name,
          severityByCount: sortCountKeys(severityByCount),
          ...texts,
          evidence,
          citations,
          ...(conditional ? { conditional } : {}),
          ...(systemicOnly === true ? { systemicOnly: true as const } : {}),
          ...(notAt ? { notAt } : {}),
          sourceId: CURATED_SOURCE_ID,
        });
      }
    }
    const knownDomains: ReadonlySet<string> = fileExists ? new Set(domainIds.keys()) : new Set(DOCUMENTED_RISK_DOMAINS);
    const conditionalDomains: ReadonlySet<string> = new Set(domains.filter((d) => d.conditional).map((d) => d.id));
    return { domains, knownDomains, conditionalDomains };
  }

  /** `conditional: { note, citations }`: the domain accepts conditional members (ingredients' `conditionalRisks`). */
  private conditional(c: EntryCheck, sourceIds: ReadonlyMap<string, LocatedEntry>): KbDomain['conditional'] {
    const v = c.obj.conditional;
    if (v === undefined) return undefined;
    if (!v || typeof v !== 'object' || Array.isArray(v)) {
      c.error('conditional', 'must be a mapping { note, citations }');
      return undefined;
    }
    const obj = v as Record<string, unknown>;
    for (const k of Object.keys(obj)) if (k !== 'note' && k !== 'citations') c.error(`conditional.${k}`, 'unknown field; allowed: note, citations');
    const note = c.str('note', true, obj, 'conditional.note');
    const citations = readCitations(c, sourceIds, obj, 'conditional.');
    return note && citations.length > 0 ? { note, citations } : undefined;
  }
}
