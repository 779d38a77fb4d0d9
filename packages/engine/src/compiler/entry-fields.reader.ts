import type { KbCitation, KbClass } from '../model/compiled-kb.model';
import { DOSE_SITES, type DoseSite, EVIDENCE_LEVELS, type EvidenceLevel } from '../model/kb-vocabulary';
import { URL_RE, didYouMean } from './compile.helpers';
import type { EntryCheck } from './entry.check';
import type { LocatedEntry } from './yaml-source.reader';

/** Fields several kinds of entry share (texts, evidence, citations, strengths), read and checked the same way for all. */

/** Summary (one line), consequence, mechanism and management, in our own words. */
export function readTexts(c: EntryCheck): { summary: string; consequence: string; mechanism: string; management: string } {
  return {
    summary: c.text('summary', true, true),
    consequence: c.text('consequence', false),
    mechanism: c.text('mechanism', true),
    management: c.text('management', true),
  };
}

export function readEvidence(c: EntryCheck, required: boolean): { level: EvidenceLevel | 'unknown' } {
  const ev = c.mapping('evidence', required);
  if (!ev) return { level: 'unknown' };
  for (const k of Object.keys(ev)) if (k !== 'level') c.error(`evidence.${k}`, 'unknown field; allowed: level');
  return { level: c.oneOf('level', EVIDENCE_LEVELS, true, ev, 'evidence.level') ?? 'unknown' };
}

/** `ingredients` and `classes` of an entry, every id checked, classes expanded to their members (may repeat). */
export function readMembers(c: EntryCheck, refs: { ingredientIds: ReadonlySet<string>; classes: ReadonlyMap<string, KbClass> }): string[] {
  const members: string[] = [];
  for (const [i, ing] of c.strList('ingredients').entries()) {
    if (refs.ingredientIds.has(ing)) members.push(ing);
    else c.error(`ingredients[${i}]`, `unknown ingredient "${ing}"${didYouMean(ing, refs.ingredientIds.keys())}`);
  }
  for (const [i, cls] of c.strList('classes').entries()) {
    const k = refs.classes.get(cls);
    if (k) members.push(...k.members);
    else c.error(`classes[${i}]`, `unknown class "${cls}"${didYouMean(cls, refs.classes.keys())}`);
  }
  return members;
}

/** At least one citation, each naming a known source and a title. */
export function readCitations(c: EntryCheck, sourceIds: ReadonlyMap<string, LocatedEntry>, from: Record<string, unknown> = c.obj, at = ''): KbCitation[] {
  const v = from.citations;
  if (!Array.isArray(v) || v.length === 0) {
    c.error(`${at}citations`, v === undefined ? 'at least one citation is required' : 'must be a non-empty list');
    return [];
  }
  const out: KbCitation[] = [];
  v.forEach((item, i) => {
    const path = `${at}citations[${i}]`;
    if (!item || typeof item !== 'object' || Array.isArray(item)) {
      c.error(path, 'must be a mapping { source, title, section, url }');
      return;
    }
    const obj = item as Record<string, unknown>;
    for (const k of Object.keys(obj)) if (!['source', 'title', 'section', 'url'].includes(k)) c.error(`${path}.${k}`, 'unknown field; allowed: source, title, section, url');
    const source = c.str('source', true, obj, `${path}.source`);
    if (source && !sourceIds.has(source)) c.error(`${path}.source`, `unknown source id "${source}"${didYouMean(source, new Set(sourceIds.keys()))}`);
    const title = c.str('title', true, obj, `${path}.title`);
    const section = c.str('section', false, obj, `${path}.section`);
    const url = c.str('url', false, obj, `${path}.url`);
    if (url && !URL_RE.test(url)) c.error(`${path}.url`, `"${url}" is not an http(s) URL`);
    if (source && title) out.push({ source, title, ...(section ? { section } : {}), ...(url ? { url } : {}) });
  });
  return out;
}

/** A `strength` field: one value or a list, each among `allowed`, without repeats. */
export function readStrengths(c: EntryCheck, obj: Record<string, unknown>, path: string, allowed: readonly string[]): string[] {
  const v = obj.strength;
  const list = typeof v === 'string' ? [v] : Array.isArray(v) ? v : undefined;
  if (!list || list.length === 0) {
    c.error(path, `is required: a list of ${allowed.join(' | ')}`);
    return [];
  }
  const out: string[] = [];
  list.forEach((s, i) => {
    if (typeof s !== 'string' || !allowed.includes(s)) c.error(`${path}[${i}]`, `${JSON.stringify(s)} is not one of ${allowed.join(' | ')}`);
    else if (!out.includes(s)) out.push(s);
  });
  return out;
}

/**
 * `notAt` of a rule, class or risk domain (or an ingredient's `pathwaysNotAt`): a non-empty list of distinct sites
 * (skin, eye, ear, nasal, inhaled, intrauterine) where it does not apply; undefined when absent or invalid (the error
 * is reported).
 */
export function readNotAt(c: EntryCheck, key: 'notAt' | 'pathwaysNotAt' = 'notAt'): DoseSite[] | undefined {
  if (c.obj[key] === undefined) return undefined;
  const list = c.strList(key);
  if (list.length === 0) {
    c.error(key, `must list at least one site (${DOSE_SITES.join(', ')}), or be left out`);
    return undefined;
  }
  const out: DoseSite[] = [];
  list.forEach((site, i) => {
    if (!(DOSE_SITES as readonly string[]).includes(site)) c.error(`${key}[${i}]`, `unknown site "${site}"; sites: ${DOSE_SITES.join(', ')}`);
    else if (out.includes(site as DoseSite)) c.error(`${key}[${i}]`, `"${site}" is listed twice`);
    else out.push(site as DoseSite);
  });
  return out.length === list.length ? out : undefined;
}
