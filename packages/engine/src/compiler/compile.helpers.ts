import type { KbRuleSide } from '../model/compiled-kb.model';
import type { Severity } from '../model/kb-vocabulary';
import { boundedOsaDistance } from '../text/string-distance';
import type { LocatedEntry } from './yaml-source.reader';

/** The kinds of knowledge file, by path (`classify`). */
export type FileKind = 'sources' | 'release' | 'ingredients' | 'products' | 'classes' | 'rules' | 'pathways' | 'labels' | 'domains' | 'washouts' | 'localUse' | 'marketStatus';

export const ID_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const RULE_ID_RE = /^[a-z0-9]+(?:-{1,2}[a-z0-9]+)*$/;
export const TAG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const ATC_RE = /^[A-Z]\d{2}[A-Z]{2}\d{2}$/;
export const RXCUI_RE = /^\d{1,8}$/;
export const URL_RE = /^https?:\/\/\S+$/;
export const VERSION_DATE_RE = /^\d{4}\.\d{2}\.\d{2}$/;

/** The fields each kind of entry may have (anything else is an error with a "did you mean"). */
export const KEYS = {
  source: ['id', 'title', 'license', 'url'],
  ingredient: ['id', 'name', 'rxcui', 'atc', 'synonyms', 'salts', 'brands', 'roles', 'risks', 'conditionalRisks', 'siteBrands', 'pathwaysNotAt', 'prodrugOf', 'reviewed'],
  product: ['id', 'name', 'ingredients', 'site'],
  class: ['id', 'name', 'members', 'includes', 'duplicateTherapy', 'severityForDuplicate', 'systemicOnly', 'notAt'],
  rule: ['id', 'a', 'b', 'severity', 'risks', 'summary', 'consequence', 'mechanism', 'management', 'evidence', 'onc', 'siblingNote', 'notAt', 'citations'],
  pathway: ['id', 'enzyme', 'perpetrator', 'victim', 'severity', 'summary', 'consequence', 'mechanism', 'management', 'evidence', 'citations'],
  label: ['id', 'enzyme', 'substrates', 'substrateClasses', 'perpetrator', 'severity', 'summary', 'consequence', 'mechanism', 'management', 'evidence', 'citations'],
  labelPerpetrator: ['role', 'strength', 'also', 'except'],
  domain: ['id', 'name', 'severityByCount', 'summary', 'consequence', 'mechanism', 'management', 'evidence', 'citations', 'conditional', 'systemicOnly', 'notAt'],
  washout: ['id', 'ingredients', 'classes', 'days', 'summary', 'citations'],
  localUse: ['id', 'ingredients', 'classes', 'routes', 'brands', 'summary', 'citations'],
  marketStatus: ['ingredient', 'status', 'year', 'reason', 'citations'],
  release: ['version-date', 'releasedAt'],
} as const;

/** The kind of a knowledge file from its path relative to the pack, undefined when it is not one. */
export function classify(path: string): FileKind | undefined {
  if (!/\.ya?ml$/i.test(path)) return undefined;
  const p = path.replace(/\.ya?ml$/i, '');
  if (p === 'sources') return 'sources';
  if (p === 'release') return 'release';
  if (p === 'products' || p.startsWith('products/')) return 'products';
  if (p === 'classes' || p.startsWith('classes/')) return 'classes';
  if (p === 'pathways') return 'pathways';
  if (p === 'labels') return 'labels';
  if (p === 'domains') return 'domains';
  if (p === 'washouts') return 'washouts';
  if (p === 'local-use') return 'localUse';
  if (p === 'market-status') return 'marketStatus';
  if (p.startsWith('ingredients/')) return 'ingredients';
  if (p.startsWith('rules/')) return 'rules';
  return undefined;
}

export function where(e: LocatedEntry): string {
  return `${e.file}:${e.line}`;
}

export function dedupe(list: string[]): string[] {
  return [...new Set(list)];
}

export function sideKey(s: KbRuleSide): string {
  return 'ingredient' in s ? `ingredient:${s.ingredient}` : `class:${s.class}`;
}

export function sortCountKeys(r: Record<string, Severity>): Record<string, Severity> {
  const out: Record<string, Severity> = {};
  for (const k of Object.keys(r).sort((a, b) => Number(a) - Number(b))) out[k] = r[k];
  return out;
}

/** ` (did you mean "fluconazole"?)` when a known id is within 3 edits. */
export function didYouMean(value: string, known: Iterable<string>): string {
  let best: string | undefined;
  let bestD = 4;
  for (const k of known) {
    const d = boundedOsaDistance(value, k, 3);
    if (d < bestD) {
      bestD = d;
      best = k;
    }
  }
  return best ? ` (did you mean "${best}"?)` : '';
}
